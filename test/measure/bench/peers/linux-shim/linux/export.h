/* SPDX-License-Identifier: BSD-3-Clause */
/* User-space shim (see linux/compiler.h here): no module symbol table. */
#ifndef PEER_LINUX_EXPORT_H
#define PEER_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym) extern int peer_linux_exported_##sym

#endif
