# make count: executed-instruction counts under qemu-user (issue 5).
#
# The checksum paths (fastsum's ARMv7-M, ARMv6-M and portable ones, lwIP's
# algorithms 2 and 3, the copy variants) per call at 20, 40, 576 and 1500
# bytes, and one IPv4 header built by ip4_output_if() on the patched lwIP
# 2.2.1, inline vs through inet_chksum(). Thumb-2 code for arm-linux-
# gnueabihf, counted by test/count/count.sh; the table goes to
# build/count/count.md and the target fails over the instruction-per-byte
# limits; `make count-limits` (in make test) measures only those. docs/count.md
# has the numbers.

PKGS_count := gcc-arm-linux-gnueabihf qemu-user
COUNT_TRIPLET := arm-linux-gnueabihf
COUNT_CC := $(COUNT_TRIPLET)-gcc
COUNT_CFLAGS := -mthumb -march=armv7-a+fp -O2
COUNT_EMULATOR := qemu-arm
COUNT_KEY := $(firstword $(filter %2.2.1,$(LWIP_KEYS)) $(LWIP_KEYS))
COUNT_DIR := $(BUILD)/count

# The checksum program: every src/ file, lwIP's algorithms as references.
$(eval $(call fastsum_lwip_algorithms,count,$(COUNT_KEY),$(COUNT_CC),$(COUNT_CFLAGS)))
$(count_LWIP_ALGS): | deps-count
COUNT_OBJ := $(patsubst %.c,$(COUNT_DIR)/obj/%.o,$(FASTSUM_SRC) test/count/count_chksum.c)
$(COUNT_OBJ): $(COUNT_DIR)/obj/%.o: %.c | deps-count
	@mkdir -p $(@D)
	$(Q)$(COUNT_CC) $(COUNT_CFLAGS) $(WARN_CFLAGS) -Isrc/include -MMD -MP -c $< -o $@
$(COUNT_DIR)/count_chksum: $(COUNT_OBJ) $(count_LWIP_ALGS)
	$(Q)$(COUNT_CC) -static -o $@ $^
-include $(COUNT_OBJ:.o=.d)

# The IPv4 output program, three builds of the patched tree:
#   $(call count_ip4,NAME,INCLUDES,PROJECT_SRC)
define count_ip4
count/ip4-$1_CC := $(COUNT_CC)
count/ip4-$1_AR := $(COUNT_TRIPLET)-ar
$(call lwip_program,count/ip4-$1,$(COUNT_KEY),$(LWIP_PATCHED_TREE_$(COUNT_KEY)),$(LWIP_PATCHED_READY_$(COUNT_KEY)) deps-count,\
  $2 -I$(TOP)/test/count,,test/count/count_ip4.c $3,$(COUNT_CFLAGS),-static)
endef
$(eval $(call count_ip4,inline,-I$(TOP)/lwip-port/variants/inline-on))
$(eval $(call count_ip4,call,-I$(TOP)/lwip-port/variants/inline-off))
$(eval $(call count_ip4,call-fastsum,-I$(TOP)/lwip-port/variants/inline-off -I$(TOP)/lwip-port/variants/fastsum -I$(TOP)/src/include,$(FASTSUM_SRC)))

COUNT_PROGS := $(COUNT_DIR)/count_chksum $(foreach v,inline call call-fastsum,$(BUILD)/count/ip4-$v/prog)

.PHONY: count count-limits
count: $(COUNT_PROGS) | deps-count ## executed instructions per checksum call and per IPv4 header under qemu (build/count/count.md)
	$(Q)COUNT_CC="$(COUNT_CC)" COUNT_CFLAGS="$(COUNT_CFLAGS)" $(TOP)/test/count/count.sh $(COUNT_DIR)/count.md $(COUNT_EMULATOR) $^

# In make test: only the limits (a few seconds).
count-limits: $(COUNT_DIR)/count_chksum | deps-count ## assert ARMv7-M <= 0.4 and ARMv6-M <= 0.8 instructions a byte at 1500 bytes
	$(Q)$(TOP)/test/count/count.sh --limits $(COUNT_EMULATOR) $<
TEST_TARGETS += count-limits
