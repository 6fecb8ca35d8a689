/*
 * have_tirpc.c - the Makefile's link test for lat_rpc: built with the
 * target's compiler, the flags pkg-config gave for libtirpc and the
 * build's own flags; lat_rpc is built only where this links.  It calls
 * what lat_rpc calls that a libtirpc may lack (the socket transports).
 */
#include <rpc/rpc.h>

int main(void)
{
	struct sockaddr_in sin = {0};
	int sock = RPC_ANYSOCK;
	CLIENT *c = clntudp_create(&sin, 1, 1, (struct timeval){1, 0}, &sock);
	SVCXPRT *s = svctcp_create(RPC_ANYSOCK, 0, 0);

	return c == NULL && s == NULL;
}
