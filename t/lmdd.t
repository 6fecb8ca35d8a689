#!/usr/bin/perl
# lmdd: the report line, the pattern round trip, and its safety rules:
# nothing that exists is written over or truncated unless asked.
use strict;
use warnings;
use lib 't/lib';
use LmTest;
use Test::More;
use File::Temp qw(tempdir);
use POSIX qw(:sys_wait_h setpgid mkfifo);
use Time::HiRes qw(time sleep);

my $n = number_re();
my $dir = tempdir('lmdd_t.XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $f = "$dir/data";

sub slurp { local $/; open(my $h, '<', $_[0]) or return; my $s = <$h>; $s }

my $r = run([bin('lmdd'), "of=$f", 'bs=4k', 'count=64', 'opat=1', 'fsync=1',
	     'label=write: ']);
is($r->{status}, 0, 'write a new file: exit 0');
is($r->{out}, '', 'nothing on stdout');
like($r->{err}, qr/^write: ($n) MB\/sec \(0\.2621 MB in ($n) secs\)\n\z/,
     'write: label, MB/sec, bytes and seconds');
my ($mbs) = $r->{err} =~ /: ($n) MB/;
ok(defined $mbs && $mbs > 0, 'write: positive bandwidth');
is(-s $f, 262144, 'file has bs*count bytes');
my $w1 = unpack('V', substr(slurp($f), 4 * 1000, 4));
is($w1, 1000, 'opat: word 1000 holds 1000');

$r = run([bin('lmdd'), "if=$f", 'ipat=1', 'print=1', 'label=read ']);
is($r->{status}, 0, 'ipat read-back: exit 0');
like($r->{err}, qr/^read ($n) MB\/sec\n\z/, 'print=1: MB/sec only');
$r = run([bin('lmdd'), "if=$f", 'bs=1k', 'skip=5', 'ipat=1', 'print=2']);
is($r->{status}, 0, 'ipat with skip: offsets are absolute');
like($r->{err}, qr/^($n) secs\n\z/, 'print=2: seconds');
$r = run([bin('lmdd'), "if=$f", 'move=8k', 'bs=4k', 'of=internal']);
like($r->{err}, qr/^($n) MB\/sec \(0\.0082 MB in /, 'move= counts bytes');

# Never over an existing file unasked; never truncated unasked.
my $before = slurp($f);
$r = run([bin('lmdd'), "of=$f", 'count=1']);
is($r->{status}, 2, 'existing output refused: exit 2');
like($r->{err}, qr/^lmdd: .*exists/, 'existing output: reason');
unlike($r->{err}, qr/MB\/sec/, 'existing output: no result');
is(slurp($f), $before, 'existing file untouched');
$r = run([bin('lmdd'), "of=$f", 'count=1', 'force=1']);
is($r->{status}, 0, 'force=1 writes over it');
is(-s $f, 262144, 'force=1 alone does not truncate');
$r = run([bin('lmdd'), "if=$f", 'ipat=1']);
is($r->{status}, 1, 'ipat finds the overwritten block: exit 1');
like($r->{err}, qr/pattern mismatch at offset 4\b/, 'mismatch offset');
$r = run([bin('lmdd'), "of=$f", 'count=1', 'force=1', 'trunc=1']);
is($r->{status}, 0, 'force=1 trunc=1');
is(-s $f, 8192, 'trunc=1 truncates');

# Input and output the same file (also by another name): refused before
# anything is written, even with force=1 trunc=1.
link($f, "$dir/alias") or die "link: $!";
$before = slurp($f);
for my $out ($f, "$dir/alias") {
	$r = run([bin('lmdd'), "if=$f", "of=$out", 'force=1', 'trunc=1']);
	is($r->{status}, 2, "if=f of=$out: refused, exit 2");
	like($r->{err}, qr/^lmdd: .*same file/m, 'same file: reason')
		or diag($r->{err});
	unlike($r->{err}, qr/MB\/sec/, 'same file: no result');
	is(slurp($f), $before, 'same file: input untouched');
}
unlink("$dir/alias");
$r = run([bin('lmdd'), 'if=/dev/zero', 'of=/dev/null', 'count=1']);
is($r->{status}, 0, 'devices other than storage are not refused');

mkfifo("$dir/fifo", 0600) or die;
$r = run([bin('lmdd'), "of=$dir/fifo", 'count=1'], timeout => 10);
is($r->{status}, 2, 'a FIFO is refused without force=1');
ok(!$r->{timed_out}, 'FIFO: did not block');
$r = run([bin('lmdd'), "of=$dir", 'count=1']);
is($r->{status}, 2, 'a directory is refused');
$r = run([bin('lmdd'), 'of=/dev/null', 'count=10']);
is($r->{status}, 0, 'of=/dev/null is allowed');

# A file lmdd creates goes away when the copy does not complete.
my $pid = fork() // die;
if ($pid == 0) {
	setpgid(0, 0);
	open(STDERR, '>', '/dev/null');
	default_signals();
	exec(bin('lmdd'), 'if=/dev/zero', "of=$dir/partial", 'bs=1',
	     'count=1000000000') or POSIX::_exit(127);
}
my $t0 = time;
sleep 0.02 until -e "$dir/partial" && -s _ > 0 || time - $t0 > 10;
ok(-s "$dir/partial", 'partial file being written');
kill 'INT', -$pid;
waitpid($pid, 0);
ok(WIFSIGNALED($?) && WTERMSIG($?) == POSIX::SIGINT, 'ended by SIGINT');
ok(!-e "$dir/partial", 'interrupted: the file it created is gone');

bad_input_ok('lmdd', [], 'no arguments (internal to internal)');
bad_input_ok('lmdd', ['foo=1'], 'unknown key');
bad_input_ok('lmdd', ['count'], 'no =');
bad_input_ok('lmdd', ['if='], 'empty if=');
bad_input_ok('lmdd', ['of=internal', 'if=internal', 'count=1'],
	     'internal to internal');
bad_input_ok('lmdd', ['of=' . "$dir/x", 'bs=abc', 'count=1'], 'bad bs');
bad_input_ok('lmdd', ['of=' . "$dir/x", 'bs=0', 'count=1'], 'zero bs');
bad_input_ok('lmdd', ['of=' . "$dir/x", 'count=-1'], 'negative count');
bad_input_ok('lmdd', ['of=' . "$dir/x", 'count=99999999999999999999'],
	     'overflowing count');
bad_input_ok('lmdd', ['of=' . "$dir/x", 'count=1', 'print=3'], 'bad print');
bad_input_ok('lmdd', ['of=' . "$dir/x", 'count=1', 'fsync=yes'],
	     'bad fsync');
bad_input_ok('lmdd', ['of=' . "$dir/x", 'count=1', 'move=8k'],
	     'count and move');
bad_input_ok('lmdd', ['of=' . "$dir/x"], 'internal input without count');
refused_ok('lmdd', ['if=/dev/zero', 'of=/dev/null', 'skip=233720368547758072'],
	   qr/skip= or seek= times bs is past the largest file offset/,
	   'a skip past the largest file offset');
refused_ok('lmdd', ['if=/dev/zero', 'of=/dev/null', 'bs=1',
		    'move=16000000000000000000'],
	   qr/move=16000000000000000000 is more than \d+ blocks/,
	   'a move of more blocks than a count holds');
bad_input_ok('lmdd', ['if=/nonexistent/file'], 'missing input');
bad_input_ok('lmdd', ['of=/nonexistent/dir/file', 'count=1'],
	     'output in a missing directory');
ok(!-e "$dir/x", 'bad input created nothing');

done_testing();
