/* SPDX-License-Identifier: BSD-3-Clause */
/* lwIP built to use fastsum: the options found next on the include path
 * (lwIP's test/unit/lwipopts.h for the stock unit tests), then the fastsum
 * hooks. Needs src/include on the include path. */
#include_next <lwipopts.h>
#include "fastsum_lwipopts.h"
