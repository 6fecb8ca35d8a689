#!/usr/bin/perl
# The REMOTE plumbing of scripts/lmbench, with stand-ins: the network
# programs are replaced by scripts that only log how they were called (and
# print no result), RSH by a script that runs the command here, RCP by cp.
# It checks the order: server started (there, through RSH, from the copied
# programs), client here against the host, server stopped; the
# "[ Networking remote to <host>: <uname -a> ]" line; cleanup there.
# The real end-to-end test between two network namespaces comes with the
# network programs.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use Test::More;
use File::Temp qw(tempdir);

my $tmp = tempdir(CLEANUP => 1);
my $bindir = "$tmp/bin";
my $log = "$tmp/log";
mkdir $bindir or die;
sub script {
	my ($path, $body) = @_;
	open(my $fh, '>', $path) or die;
	print $fh "#!/bin/sh\n$body";
	close $fh;
	chmod 0755, $path;
}
# A server (-s) says the free port it took, as the real ones do with -p 0.
for my $p (qw(lat_udp lat_tcp lat_connect bw_tcp)) {
	script("$bindir/$p", qq{echo "\$0 \$*" >> "$log"\ncase " \$* " in *" -s "*) echo 40000 ;; esac\nexit 0\n});
}
script("$tmp/rsh", qq{h=\$1; shift; echo "rsh \$h \$*" >> "$log"; exec sh -c "\$*"\n});
script("$tmp/rcp", qq{echo "rcp \$*" >> "$log"\nfor a; do last=\$a; done\n} .
	qq{n=\$#; i=1; for a; do [ \$i -lt \$n ] && cp "\$a" "\${last#*:}"; i=\$((i+1)); done\n});

my $cfg = tiny_config($tmp, REMOTE => 'hostb', RSH => "$tmp/rsh", RCP => "$tmp/rcp");
my $r = run(['sh', 'scripts/lmbench', '-p', 'quick', '-o', "$tmp/results", $bindir, $cfg],
	env => { quick_env(), ONLY => 'net,remote' });
is($r->{status}, 0, 'run exits 0') or diag($r->{err});
my ($f) = results_files("$tmp/results");
my $text = slurp($f // '');
chomp(my $uname = `uname -a`);
like($text, qr/^\[ Networking remote to hostb: \Q$uname\E \]$/m, 'remote host recorded with its uname -a');
like($text, qr/^\[REMOTE: hostb\]$/m, 'REMOTE in the header');
like($text, qr/^\[SKIPPED: lat_rpc: not built/m, 'a network program not built is noted');
like($text, qr/^Socket bandwidth using hostb$/m, 'remote bandwidth series titled');
my @l = split /\n/, slurp($log);
my ($rdir) = map { m{rsh hostb (\S+)/lat_tcp -s -p 0 -b hostb} ? $1 : () } @l;
ok($rdir, 'remote server started through RSH from a private directory');
# The stand-in programs log their own path: the server ran from the copy.
ok(defined $rdir && (grep { $_ eq "$rdir/lat_tcp -s -p 0 -b hostb" } @l),
   'the copied server ran there');
ok(defined $rdir && !-e $rdir, 'remote directory removed afterwards');
ok((grep { /^rcp .*lat_tcp .*hostb:\Q$rdir\E\/$/ } @l), 'programs copied there with RCP');
sub order {
	my @want = @_;
	my $i = 0;
	for (@l) { $i++ if $i < @want && $_ eq $want[$i]; }
	return $i == @want;
}
ok(order("$bindir/lat_tcp -s -p 0", "$bindir/lat_tcp -p 40000 localhost",
	 "$bindir/lat_tcp -S localhost -p 40000"),
   'local: server on a free port, client and stop on that port');
ok(order("rsh hostb $rdir/lat_tcp -s -p 0 -b hostb", "$bindir/lat_tcp -p 40000 hostb",
	 "$bindir/lat_tcp -S hostb -p 40000"),
   'remote: server there, client here, stop') or diag(join("\n", @l));
ok(order("$bindir/bw_tcp -m 1 -m 1024 -m 10M -p 40000 hostb"),
   'bw_tcp: one client over the message sizes, to the remote host') or diag(join("\n", @l));
ok(order("rsh hostb $rdir/lat_connect -s -p 0 -b hostb", "$bindir/lat_connect -p 40000 hostb",
	 "$bindir/lat_connect -S hostb -p 40000"),
   'connection cost: server, client, stop');

diag(join("\n", @l)) if $ENV{SHOW_LOG};
done_testing();
