/*
 * lib_sink.c - use_int() and use_pointer(): values stored where the
 * compiler must assume they are read, so it cannot delete the work that
 * produced them.  The int sink adds in unsigned arithmetic, which wraps
 * by definition: callers pass sums and counts that can overflow an int.
 */
#include "bench.h"

static volatile unsigned int int_sink;
static void *volatile ptr_sink;

void use_int(int result)
{
	int_sink += (unsigned int)result;
}

void use_pointer(void *result)
{
	ptr_sink = result;
}
