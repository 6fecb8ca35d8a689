#!/usr/bin/perl
# contrib/ansible/lmbench.yml for real: two hosts made of network
# namespaces, each with its own sshd and its own host name (a UTS
# namespace), and a controller in a third; ansible-playbook puts the
# installed suite on both, runs PROFILE=quick ONLY=lat_syscall on each in
# turn and brings the results back; make summary then has a row per host.
# The hosts share this file system: each keeps its suite's files in its
# own directory.  Needs root, `ip netns`, unshare, sshd and ansible-core;
# skipped otherwise.  FLEET_SOURCE=tree (or a source tarball's path)
# builds from source on both hosts instead (a minute or more: not for
# make test); FLEET_SERIAL=0 runs both hosts at once.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use LmRun;
use NetNs;
use Test::More;
use File::Temp qw(tempdir);
use POSIX qw(:sys_wait_h);
use Time::HiRes qw(sleep time);
use Time::Local qw(timegm);
use lib 'scripts/lib';
use LMResults;

my $bindir = bindir();
plan skip_all => 'needs root for ip netns and sshd' if $> != 0;
my ($sshd) = grep { -x } '/usr/sbin/sshd', map { "$_/sshd" } split /:/, $ENV{PATH};
plan skip_all => 'no sshd (Debian: openssh-server)' unless $sshd;
for (qw(ssh ssh-keygen unshare ansible-playbook)) {
	plan skip_all => "no $_ (Debian: " . ($_ eq 'ansible-playbook' ? 'ansible-core'
		: $_ eq 'unshare' ? 'util-linux' : 'openssh-client') . ')' unless have_tool($_);
}
plan skip_all => 'lat_syscall not built' unless -x "$bindir/lat_syscall";

my $tag = "lmf$$";
my ($nc, $na, $nb) = map { "$tag$_" } qw(c a b);
plan skip_all => 'ip netns does not work here' unless ns_add($nc);
ok(ns_add($na, $nb) && ns_link($nc, '10.213.81.1', $na, '10.213.81.2')
   && ns_link($nc, '10.213.82.1', $nb, '10.213.82.2'),
   'a controller namespace joined to two host namespaces') or BAIL_OUT('cannot set up the namespaces');

my $tmp = tempdir(CLEANUP => 1);
ok(ns_sh("ssh-keygen -q -t ed25519 -N '' -f $tmp/hostkey")
   && ns_sh("ssh-keygen -q -t ed25519 -N '' -f $tmp/id") && ns_sh("cp $tmp/id.pub $tmp/authorized_keys"),
   'host and client keys');

# Each host: sshd in its namespace, under a host name of its own, with a
# private /run for sshd's privilege separation directory.
my %sshd;
$SIG{INT} = $SIG{TERM} = sub { exit 130 };	# END stops the sshds
END {
	local $?;
	for my $pid (values %sshd) {
		kill 'TERM', $pid;
		waitpid($pid, 0);
	}
}
my %host = (a => [ $na, '10.213.81.2', 'lmfleeta' ], b => [ $nb, '10.213.82.2', 'lmfleetb' ]);
for my $h (sort keys %host) {
	my ($ns, $ip, $name) = @{ $host{$h} };
	open(my $fh, '>', "$tmp/sshd_$h") or die;
	print $fh "ListenAddress $ip\nHostKey $tmp/hostkey\nAuthorizedKeysFile $tmp/authorized_keys\n",
		"PidFile none\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n",
		"KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n";
	close $fh;
	my $pid = fork() // die "fork: $!";
	if ($pid == 0) {
		open(STDIN, '<', '/dev/null');
		open(STDOUT, '>', "$tmp/sshd_$h.log");
		open(STDERR, '>&', \*STDOUT);
		default_signals();
		exec('ip', 'netns', 'exec', $ns, 'sh', '-c',
		     "mount -t tmpfs lmfleet /run && mkdir -m 755 /run/sshd && exec unshare --uts sh -c "
		     . "'hostname $name && exec $sshd -D -e -f $tmp/sshd_$h'") or POSIX::_exit(127);
	}
	$sshd{$h} = $pid;
}
# Up when each says it listens (or has ended).
my $t0 = time;
my %up;
while (keys %up < 2 && time - $t0 < 30) {
	for my $h (keys %host) {
		$up{$h} = 1 if slurp("$tmp/sshd_$h.log") =~ /Server listening/;
	}
	sleep 0.05;
}
if (keys %up < 2) {
	my $log = join "\n", map { slurp("$tmp/sshd_$_.log") } sort keys %host;
	plan skip_all => "sshd does not start in a namespace here: $log";
}

# The installed suite (lmbench_source=installed), as make install stages it.
my $r = run(['make', '-s', 'install', "DESTDIR=$tmp/stage", 'PREFIX=/usr', "BINDIR=$bindir"]);
is($r->{status}, 0, 'make install into a staging directory') or diag($r->{err});

open(my $inv, '>', "$tmp/hosts") or die;
print $inv "[bench]\n",
	"hosta ansible_host=10.213.81.2 lmbench_dir=$tmp/hosta\n",
	"hostb ansible_host=10.213.82.2 lmbench_dir=$tmp/hostb\n",
	"[bench:vars]\nansible_user=root\nansible_ssh_private_key_file=$tmp/id\n",
	"ansible_python_interpreter=/usr/bin/python3\n";
close $inv;
open(my $cfg, '>', "$tmp/ansible.cfg") or die;
close $cfg;
# Ansible's own files in the test's directory; one ssh connection per
# task and no master left running after the playbook.
my %aenv = (ANSIBLE_CONFIG => "$tmp/ansible.cfg", ANSIBLE_HOME => "$tmp/ansible",
	ANSIBLE_LOCAL_TEMP => "$tmp/ansible/tmp", ANSIBLE_REMOTE_TEMP => "$tmp/ansible/remote",
	ANSIBLE_SSH_ARGS => '-o ControlMaster=no -o UserKnownHostsFile=/dev/null '
		. '-o StrictHostKeyChecking=no -o BatchMode=yes',
	ANSIBLE_PIPELINING => 'True', ANSIBLE_NOCOLOR => '1', ANSIBLE_FORCE_COLOR => '0',
	ANSIBLE_HOST_KEY_CHECKING => 'False', ANSIBLE_RETRY_FILES_ENABLED => 'False');
my $fleet = "$tmp/fleet";
my $serial = $ENV{FLEET_SERIAL} // 1;
my @source = $ENV{FLEET_SOURCE} ? ('-e', "lmbench_source=$ENV{FLEET_SOURCE}")
	: ('-e', 'lmbench_source=installed', '-e', "lmbench_command=$tmp/stage/usr/bin/lmbench-ng");
$r = run(['ip', 'netns', 'exec', $nc, 'ansible-playbook', '-i', "$tmp/hosts",
	  'contrib/ansible/lmbench.yml', @source,
	  '-e', 'lmbench_profile=quick', '-e', 'lmbench_only=lat_syscall',
	  '-e', "fleet_dir=$fleet", '-e', "lmbench_serial=$serial"], timeout => 600, env => \%aenv);
is($r->{status}, 0, 'ansible-playbook exits 0') or diag("$r->{out}\n$r->{err}");
diag($r->{out}) if $ENV{SHOW_ANSIBLE};
diag(sprintf('ansible-playbook took %.1f s', $r->{wall}));

# Both hosts' results came back, each to its own directory, each named
# and headed with its host's name, each with its JSON twin.
my %files;
for my $h (sort keys %host) {
	my $name = $host{$h}[2];
	my @f = grep { /\/\Q$name\E\.\d+$/ } glob("$fleet/host$h/*");
	is(scalar @f, 1, "host$h: one results file back, named after $name") or diag(join ' ', glob("$fleet/*/*"));
	$files{$h} = $f[0] // '';
	ok(-s "$files{$h}.json", "host$h: and its JSON twin");
	my $text = slurp($files{$h});
	like($text, qr/^\[HOSTNAME: \Q$name\E\]$/m, "host$h: measured on $name");
	like($text, qr/^Simple syscall: ${\ number_re()} microseconds$/m, "host$h: lat_syscall ran");
	like($text, qr/^\[PROFILE: quick\]$/m, "host$h: with the quick profile");
	my @kept = grep { /\.\d+$/ } glob("$tmp/host$h/results/*/*");
	ok(@kept == 1 && $kept[0] =~ /\/\Q$name\E\.\d+$/, "host$h: its own results directory on the host");
}
ok($files{a} ne $files{b} && slurp($files{a}) ne slurp($files{b}), 'two distinct results');
# One host at a time (lmbench_serial 1, the default): hostb's run began
# after hosta's had ended ([DATE: ] is taken after the run's start,
# [RUNTIME: ] is whole seconds from it, hence the second's slack).
my ($ha, $hb) = map { LMResults::parse($files{$_})->{header} } qw(a b);
my ($ta, $tb) = map { my ($y, $mo, $d, $h, $mi, $sec) = ($_->{DATE} // '') =~ /^(\d+)-(\d+)-(\d+) (\d+):(\d+):(\d+)/;
	defined $sec ? timegm($sec, $mi, $h, $d, $mo - 1, $y) : undef } $ha, $hb;
my ($wall) = ($ha->{RUNTIME} // '') =~ /^(\d+) s$/;
SKIP: {
	skip "FLEET_SERIAL=$serial: not one host at a time", 1 unless $serial == 1;
	ok(defined $ta && defined $tb && defined $wall && $tb >= $ta + $wall - 1,
	   'one host at a time: hostb began after hosta ended')
		or diag("hosta $ha->{DATE} for $ha->{RUNTIME}, hostb $hb->{DATE}");
}

# The reports across the hosts: make summary has a row for each.
$r = run(['make', '-s', 'summary', "FILES=$files{a} $files{b}"]);
is($r->{status}, 0, 'make summary of the fleet exits 0') or diag($r->{err});
for my $h (sort keys %host) {
	like($r->{out}, qr/^$host{$h}[2]\s+Linux /m, "make summary: a row for $host{$h}[2]");
}
like(slurp("$fleet/summary.txt"), qr/^lmfleeta\s.*\n(?:.*\n)*?^lmfleetb\s/m,
     'the playbook wrote the same summary into the fleet directory');
ok(-s "$fleet/percent.txt" && -s "$fleet/report.html", 'and percent.txt and report.html');

# Nothing of the run left behind: no ssh, no ansible process.
my @left = grep { /\b(?:ssh|ansible)/ && !/sshd/ } map { slurp("$_") =~ s/\0/ /gr }
	grep { my ($p) = m{/proc/(\d+)/}; $p != $$ } glob('/proc/[0-9]*/cmdline');
@left = grep { /\Q$tmp\E/ } @left;
is(scalar @left, 0, 'no ssh or ansible process of this test left') or diag(join "\n", @left);

done_testing();
