# SPDX-License-Identifier: BSD-3-Clause
# fastsum sources for a port's CMake build, in the manner of lwIP's
# Filelists.cmake. Set FASTSUM_DIR to this folder (the one holding
# fastsum.c) before including:
#
#   set(FASTSUM_DIR path/to/lwip-fastsum/src)
#   include(${FASTSUM_DIR}/Filelists.cmake)
#   target_sources(my_port PRIVATE ${fastsum_SRCS})   # or:
#   target_link_libraries(my_port PRIVATE fastsum)
#
# fastsum::fastsum is the same target, the name find_package(fastsum) gives
# when fastsum is installed (make install).
#
# Every file compiles on every target and is empty unless the compiler targets
# its CPU, so the list is the whole folder but for fastsum_impls.c (the table
# of every path, for tests and benchmarks) and fastsum_netif.c, the receive
# helper for netif drivers, which needs lwIP's headers and the port's
# lwipopts.h: add ${fastsum_netif_SRCS} to the target that builds lwIP.

file(GLOB fastsum_SRCS ${FASTSUM_DIR}/fastsum*.c)
set(fastsum_netif_SRCS ${FASTSUM_DIR}/fastsum_netif.c)
list(REMOVE_ITEM fastsum_SRCS ${FASTSUM_DIR}/fastsum_impls.c ${fastsum_netif_SRCS})
list(SORT fastsum_SRCS)
set(fastsum_INCLUDE_DIRS ${FASTSUM_DIR}/include)

if(NOT TARGET fastsum)
  add_library(fastsum STATIC ${fastsum_SRCS})
  target_include_directories(fastsum PUBLIC ${fastsum_INCLUDE_DIRS})
  add_library(fastsum::fastsum ALIAS fastsum)
endif()
