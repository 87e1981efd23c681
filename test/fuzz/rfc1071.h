/*
 * The Internet checksum (RFC 1071) as a byte-wise reference: the obvious
 * loop, sharing no code with lwIP's inet_chksum or with fastsum, so that
 * the robustness tests check those against something independent.
 */
#ifndef RFC1071_H
#define RFC1071_H

#include <stddef.h>
#include <stdint.h>

/* One's complement sum of len bytes as big-endian 16-bit words (an odd last
 * byte is the high half of a word), added to sum and folded to 16 bits; not
 * complemented. The data starts a word: continue only after an even count. */
uint16_t rfc1071_sum(const uint8_t *data, size_t len, uint16_t sum);

#endif /* RFC1071_H */
