# spine - one Makefile for the whole tree; no recursion into folders.
#
#   cmd/<tool>/*.c          -> bin/<tool>   (a tool exists once its folder does)
#   core/<module>/*.c       -> portable: the host library, and every firmware
#                              with -Icore only (a host header fails there)
#   lib/<module>/*.c        -> build/libspine.a, linked into every tool
#   hw/sim/*.c              -> the simulated robot's hardware, in the same
#                              library (armsim, unit tests, the simavr runner)
#   hw/avr/*.c              -> the ATmega2560 firmware ('make firmware')
#   hw/avr-uno/*.c          -> the ATmega328P firmware ('make firmware-uno')
#   hw/avr-common/*.c       -> in both (UART, clock, EEPROM, ranger)
#   test/unit/*_test.c      -> build/test/unit/*_test, run by 'make check'
#   test/*.bats             -> run by 'make check' against bin/
#
# Variables a user may set: CC, CFLAGS, LDFLAGS, PREFIX, DESTDIR, WERROR=1.

VERSION  = 0.1.0
PREFIX  ?= /usr/local
MANDIR  ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
DATADIR ?= $(PREFIX)/share/spine

BUILD   ?= build
BINDIR  ?= bin
CFLAGS  ?= -O2 -g
WARN     = -std=c11 -Wall -Wextra -Wpedantic $(if $(WERROR),-Werror)

# Libraries come from pkg-config; --as-needed keeps each tool's real list.
PKGS       = yaml-0.1 libxml-2.0 libserialport zlib libmicrohttpd
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

SPINE_CPPFLAGS = -Icore -Ilib -Ihw -D_POSIX_C_SOURCE=200809L \
	-DSPINE_VERSION='"$(VERSION)"' $(PKG_CFLAGS)
# ncurses for planview's live view: its libraries only (its cflags would
# change every file's feature macros); --as-needed keeps it out of the rest
CURSES_LIBS := $(shell pkg-config --libs ncurses 2>/dev/null || echo -lncurses)
SPINE_LDLIBS   = -Wl,--as-needed $(PKG_LIBS) $(CURSES_LIBS) -lm -lutil

SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all

CORE_SRC   := $(sort $(wildcard core/*/*.c))
LIB_SRC    := $(CORE_SRC) $(sort $(wildcard lib/*/*.c)) \
	$(sort $(wildcard hw/sim/*.c))
LIB_OBJ    := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB        := $(BUILD)/libspine.a

TOOLS := $(sort $(patsubst cmd/%/main.c,%,$(wildcard cmd/*/main.c)))
BINS  := $(TOOLS:%=$(BINDIR)/%)

UNIT_SRC  := $(sort $(wildcard test/unit/*_test.c))
UNIT_BINS := $(UNIT_SRC:%.c=$(BUILD)/%)

MAN_PAGES := $(sort $(wildcard man/*.[1-9]))

.PHONY: all check unit bats asan clang install install-files uninstall demo \
	demo-run docs \
	bench clean avr-check avr-objects avr-bench firmware firmware-uno \
	avrpty fuzz fuzz-build fuzz-harnesses arduino-lib arm test-deps
.DEFAULT_GOAL := all
.SECONDARY:

all: $(BINS)

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(SPINE_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

# planview's page: its style and script are assembled in (.incbin)
$(BUILD)/lib/planview/assets.o: $(wildcard lib/planview/page*.css \
	lib/planview/page_*.js)

# The SO-101 compiled in from its one file (lib/arm/builtin.c).
$(BUILD)/gen/so101.inc: examples/arms/so101.yaml
	@mkdir -p $(@D)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' \
		$< >$@
$(BUILD)/lib/arm/builtin.o: $(BUILD)/gen/so101.inc
$(BUILD)/lib/arm/builtin.o: CPPFLAGS += -I$(BUILD)/gen

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

define tool_rule
$(BINDIR)/$(1): $(patsubst %.c,$(BUILD)/%.o,$(wildcard cmd/$(1)/*.c)) $(LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$(filter %.o,$$^) $(LIB) \
		$$(SPINE_LDLIBS) $$(LDLIBS)
endef
$(foreach t,$(TOOLS),$(eval $(call tool_rule,$(t))))

$(BUILD)/test/unit/%_test: $(BUILD)/test/unit/%_test.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(SPINE_LDLIBS) $(LDLIBS)

# --- tests ---------------------------------------------------------------

unit: $(UNIT_BINS)
	@for t in $(UNIT_BINS); do \
		echo "unit: $$t"; $$t || exit 1; \
	done

# Files run side by side when GNU parallel is there (bats --jobs needs it),
# each file's tests in order: bats 1.8 hands a file's tests their slots by
# polling once a second and forking find and flock for each, which left
# the machine a third idle (the bats run: 246 s against 163 s this way).
# Three files a core: most tests wait on a robot, a pipe or a --rate more
# than they compute.  Every test keeps to its own temp folder, ports and
# files.
BATS_JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) * 3 )))
BATS_PAR  := $(if $(shell command -v parallel 2>/dev/null),--jobs $(BATS_JOBS) \
	--no-parallelize-within-files)
# more bats options: make check BATS_FLAGS=--timing shows each test's time
BATS_FLAGS ?=
# The longest files first (their tests run one after another), so that
# none starts near the end and holds the suite up alone; then the rest by
# name.
BATS_FIRST := docs servo-bus arm-parity planview-robot planview-page \
	armctl-detour planrun planview-serve armctl-control demo firmware \
	newcomer ikreach armctl-run firmware-uno avr-planner armctl-plan \
	planview-term docs-man
BATS_FILES := $(wildcard $(BATS_FIRST:%=test/%.bats)) \
	$(filter-out $(BATS_FIRST:%=test/%.bats),$(sort $(wildcard test/*.bats)))

bats: $(BINS)
	SPINE_BIN=$(abspath $(BINDIR)) SPINE_BUILD=$(abspath $(BUILD)) \
		SPINE_AVRPTY=$(abspath $(AVRPTY)) \
		SPINE_FIRMWARE=$(abspath $(FW_ELF)) \
		SPINE_AVRBENCH=$(abspath $(AVRBENCH)) \
		SPINE_FIRMWARE_UNO=$(abspath $(FW_uno_ELF)) \
		SPINE_ARMTRACE_M0=$(abspath $(ARMTRACE_m0)) \
		SPINE_ARMTRACE_M3=$(abspath $(ARMTRACE_m3)) bats $(BATS_PAR) \
		$(BATS_FLAGS) $(BATS_FILES)

# What the suites run, built side by side first (unit tests, firmware,
# simavr runner, ARM traces): a serial make spent most of a minute here.
check: all
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) test-deps
	@$(MAKE) --no-print-directory unit
	@$(MAKE) --no-print-directory bats

CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test-deps: $(UNIT_BINS)

# The same suites, built and run under AddressSanitizer and UBSan.
asan:
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(MAKE) --no-print-directory check BUILD=build/asan \
		BINDIR=build/asan/bin CFLAGS="-O1 -g $(SAN_FLAGS)" \
		LDFLAGS="$(SAN_FLAGS)"

# A second compiler, warnings as errors.
clang:
	$(MAKE) --no-print-directory all CC=clang BUILD=build/clang \
		BINDIR=build/clang/bin WERROR=1

# --- the portable cores on the robot's microcontroller ---------------------

# Compiled for an ATmega2560 as the firmware would be (gcc-avr, avr-libc:
# scripts/install-deps); prints what each object takes.
AVR_CC      ?= avr-gcc
AVR_SIZE    ?= avr-size
AVR_CFLAGS  ?= -mmcu=atmega2560 -Os -std=c99 -ffreestanding -Wall -Wextra \
	-Wpedantic -Werror
AVR_OBJ     := $(CORE_SRC:%.c=$(BUILD)/avr/%.o)

$(BUILD)/avr/%.o: %.c
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) -Icore -MMD -MP -c -o $@ $<

avr-objects: $(AVR_OBJ)

avr-check:
	@command -v $(AVR_CC) >/dev/null 2>&1 || { echo "avr-check: \
	$(AVR_CC) not found (scripts/install-deps installs gcc-avr)" >&2; \
		exit 1; }
	@$(MAKE) --no-print-directory avr-objects
	$(AVR_SIZE) -t $(AVR_OBJ)
	@$(MAKE) --no-print-directory firmware firmware-uno
	@scripts/avr-fits $(FW_avr_ELF)
	@scripts/avr-fits --uno $(FW_uno_ELF)
	@$(MAKE) --no-print-directory arduino-lib $(BINDIR)/plancc \
		$(BINDIR)/armctl $(AVRPTY)
	@SPINE_BIN=$(abspath $(BINDIR)) SPINE_AVRPTY=$(abspath $(AVRPTY)) \
		scripts/arduino-check $(BUILD)/arduino

# spine as an Arduino library: hw/arduino's glue and examples over a copy
# of core/ (and the firmwares' UART and servo drivers), made into
# $(BUILD)/arduino/spine, never kept by hand (scripts/arduino-lib).
# Install it by copying that folder into your sketchbook's libraries/.
arduino-lib:
	@scripts/arduino-lib $(BUILD)/arduino $(VERSION)
	@echo "arduino-lib: $(BUILD)/arduino/spine"

# The firmwares, one a board: the board's own files (hw/<board>: board.h,
# main.c and its drivers), the AVR parts the boards share (hw/avr-common,
# built against the board's board.h) and the portable modules (with -Icore
# only), for the board's chip.  Every object of a board shares its
# defines, which size core/robot's structures (the Mega's three servos);
# PLAN_TASKS=0 leaves out the task section's decoder (no robot runs a task
# machine).
AVR_OBJCOPY ?= avr-objcopy
FW_CFLAGS   = -Os -std=c11 -Wall -Wextra -Wpedantic -Werror \
	-ffunction-sections -fdata-sections -DF_CPU=16000000UL \
	-DSPINE_VERSION='"$(VERSION)"'
AVR_COMMON_SRC := $(sort $(wildcard hw/avr-common/*.c))
# The Uno's line: 115200, or 57600 for boards whose bootloader (and USB
# serial chip) run at that; its plan: read in place from the EEPROM
# (place: 232 bytes of RAM free, plans up to a slot's 488 bytes), or into
# RAM (ram: plans up to 232 bytes, read faster).
UNO_BAUD    ?= 115200
UNO_PLAN    ?= place
# (core/profile.h gives the ATmega328P the small profile, here with the
# runtime control requests but the packed tables (armctl falls back to
# the plain ones); link-time optimisation and shared prologues take some
# 20 % off its flash, and -fconserve-stack 80 bytes off the deepest stack.)
UNO_DEFINES  = -DROBOT_ARM=0 -DBOARD_BAUD=$(UNO_BAUD)UL \
	-DROBOT_CONTROL=1 -DROBOT_CONTROL_PACKED=0 \
	$(if $(filter place,$(UNO_PLAN)),-DBOARD_PLAN_IN_PLACE=1 \
	-DPLAN_STORAGE=PLAN_IN_STORE,-DBOARD_PLAN_IN_PLACE=0)
UNO_FLAGS    = -flto -mcall-prologues -fconserve-stack

# $(1) name, $(2) folder, $(3) MCU, $(4) defines, $(5) code generation
define avr_firmware
FW_$(1)_ELF := $(BUILD)/firmware-$(1)/firmware.elf
FW_$(1)_HEX := $(2)/firmware.hex
FW_$(1)_OBJ := $$(patsubst %.c,$(BUILD)/firmware-$(1)/%.o,\
	$$(sort $$(wildcard $(2)/*.c)) $(AVR_COMMON_SRC) $(CORE_SRC))
FW_$(1)_CFLAGS = -mmcu=$(3) $$(FW_CFLAGS) $(4) $(5)

$(BUILD)/firmware-$(1)/core/%.o: core/%.c
	@mkdir -p $$(@D)
	$$(AVR_CC) $$(FW_$(1)_CFLAGS) -Icore -MMD -MP -c -o $$@ $$<

$(BUILD)/firmware-$(1)/hw/%.o: hw/%.c
	@mkdir -p $$(@D)
	$$(AVR_CC) $$(FW_$(1)_CFLAGS) -Icore -I$(2) -Ihw/avr-common -MMD \
		-MP -c -o $$@ $$<

$$(FW_$(1)_ELF): $$(FW_$(1)_OBJ)
	$$(AVR_CC) -mmcu=$(3) -Os $(5) -Wl,--gc-sections -o $$@ $$^

$$(FW_$(1)_HEX): $$(FW_$(1)_ELF)
	$$(AVR_OBJCOPY) -O ihex -R .eeprom $$< $$@
endef
$(eval $(call avr_firmware,avr,hw/avr,atmega2560,-DROBOT_JOINTS_MAX=3 \
	-DPLAN_TASKS=0))
$(eval $(call avr_firmware,uno,hw/avr-uno,atmega328p,$(UNO_DEFINES),\
	$(UNO_FLAGS)))
FW_ELF      = $(FW_avr_ELF)
FW_HEX      = $(FW_avr_HEX)

# test/firmware.bats runs that ELF file in simavr through test/simavr/avrpty
# where both avr-gcc and simavr are installed, and skips otherwise.
HAVE_FW_SIM := $(shell command -v $(AVR_CC) >/dev/null 2>&1 && \
	pkg-config --exists simavr 2>/dev/null && echo yes)
AVRPTY      = $(BUILD)/test/avrpty
AVRBENCH    = $(BUILD)/bench/avrbench
SIMAVR_INC  = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags simavr \
	2>/dev/null))

# (A second rule line for bats: its prerequisites are read here, once
# these variables are set.)
bats test-deps: $(if $(HAVE_FW_SIM),$(AVRPTY) $(FW_ELF) $(FW_uno_ELF) $(AVRBENCH))

# (hw/sim's pty and EEPROM file are armsim's, from an archive of the
# parts of the library it may use, built plain: never with the
# sanitizers, which simavr is not and which slow its loop past the real
# board's pace.)
AVRPTY_SRC  = $(sort $(wildcard test/simavr/*.c))
AVRPTY_LIBSRC := $(CORE_SRC) $(sort $(wildcard lib/host/*.c lib/link/*.c)) \
	hw/sim/pty.c hw/sim/eeprom.c
AVRPTY_LIB  = $(BUILD)/avrpty/libsim.a

$(BUILD)/avrpty/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(SPINE_CPPFLAGS) -O2 -g -MMD -MP -c -o $@ $<

$(AVRPTY_LIB): $(AVRPTY_LIBSRC:%.c=$(BUILD)/avrpty/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

$(AVRPTY): $(AVRPTY_SRC) $(wildcard test/simavr/*.h) $(AVRPTY_LIB)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(SIMAVR_INC) $(SPINE_CPPFLAGS) -O2 -g -o $@ \
		$(AVRPTY_SRC) $(AVRPTY_LIB) $(SPINE_LDLIBS) \
		$(shell pkg-config --libs simavr 2>/dev/null)

# scripts/bench-avr times the planner in simavr: bench/avr/avrbench is the
# host side (over libsimavr), bench/avr/planbench.c the AVR program the
# script builds for each chip, plan and build switch.
$(AVRBENCH): bench/avr/avrbench.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(SIMAVR_INC) -D_POSIX_C_SOURCE=200809L -O2 -g -o $@ \
		bench/avr/avrbench.c $(shell pkg-config --libs simavr 2>/dev/null)

avr-bench: $(AVRBENCH)

# The firmware in simavr on a pty, by hand (hw/avr/README.md,
# hw/avr-uno/README.md): avrpty and the two firmwares it runs.
avrpty:
	@[ -n "$(HAVE_FW_SIM)" ] || { echo "avrpty: needs $(AVR_CC) and \
	simavr (scripts/install-deps installs both)" >&2; exit 1; }
	@$(MAKE) --no-print-directory $(AVRPTY) $(FW_ELF) $(FW_uno_ELF)

firmware firmware-uno:
	@command -v $(AVR_CC) >/dev/null 2>&1 || { echo "$@: \
	$(AVR_CC) not found (scripts/install-deps installs gcc-avr)" >&2; \
		exit 1; }
	@$(MAKE) --no-print-directory $(if $(filter firmware-uno,$@),\
		$(FW_uno_ELF) $(FW_uno_HEX),$(FW_avr_ELF) $(FW_avr_HEX))

# --- the portable core on ARM Cortex-M ----------------------------------

# armtrace (test/arm): the plan decoder and the planner built with
# arm-none-eabi-gcc (Debian's gcc-arm-none-eabi, newlib) for a Cortex-M0
# (QEMU's micro:bit) and a Cortex-M3 (mps2-an385); test/arm.bats runs
# planner traces on both under qemu-system-arm, where they are installed.
ARM_CC     ?= arm-none-eabi-gcc
ARM_SIZE   ?= arm-none-eabi-size
HAVE_ARM   := $(shell command -v $(ARM_CC) >/dev/null 2>&1 && \
	command -v qemu-system-arm >/dev/null 2>&1 && echo yes)
ARM_CFLAGS  = -mthumb -Os -std=c11 -Wall -Wextra -Wpedantic -Werror \
	-ffunction-sections -fdata-sections
ARM_SRC    := $(sort $(wildcard core/plan/*.c core/planner/*.c \
	test/arm/*.c))

# $(1) name, $(2) CPU, $(3) the board's linker script
define arm_trace
ARMTRACE_$(1) := $(BUILD)/arm/$(1)/armtrace.elf
ARM_$(1)_OBJ := $(ARM_SRC:%.c=$(BUILD)/arm/$(1)/%.o)

$(BUILD)/arm/$(1)/core/%.o: core/%.c
	@mkdir -p $$(@D)
	$$(ARM_CC) -mcpu=$(2) $$(ARM_CFLAGS) -Icore -MMD -MP -c -o $$@ $$<

$(BUILD)/arm/$(1)/test/%.o: test/%.c
	@mkdir -p $$(@D)
	$$(ARM_CC) -mcpu=$(2) $$(ARM_CFLAGS) -Icore -Itest/arm -MMD -MP \
		-c -o $$@ $$<

$$(ARMTRACE_$(1)): $$(ARM_$(1)_OBJ) test/arm/$(3) test/arm/sections.ld
	$$(ARM_CC) -mcpu=$(2) -mthumb --specs=nano.specs --specs=rdimon.specs \
		-nostartfiles -Wl,--gc-sections -Ltest/arm -T test/arm/$(3) \
		-o $$@ $$(filter %.o,$$^)
endef
$(eval $(call arm_trace,m0,cortex-m0,microbit.ld))
$(eval $(call arm_trace,m3,cortex-m3,mps2.ld))

arm:
	@command -v $(ARM_CC) >/dev/null 2>&1 || { echo "arm: $(ARM_CC) not \
	found (scripts/install-deps installs gcc-arm-none-eabi)" >&2; exit 1; }
	@$(MAKE) --no-print-directory $(ARMTRACE_m0) $(ARMTRACE_m3)
	$(ARM_SIZE) $(ARMTRACE_m0) $(ARMTRACE_m3)

bats test-deps: $(if $(HAVE_ARM),$(ARMTRACE_m0) $(ARMTRACE_m3))

# --- demo and benchmarks ---------------------------------------------------

# Installs what is missing first, so it works on a fresh Debian machine.
demo:
	@pkg-config --exists $(PKGS) 2>/dev/null && \
		command -v gnuplot >/dev/null && command -v bats >/dev/null || \
		scripts/install-deps
	@$(MAKE) --no-print-directory demo-run

demo-run: all
	@scripts/demo

# The pictures README.md shows, made from the current examples (Chromium).
docs: all
	@scripts/docs

bench: all
	@for b in scripts/bench-*; do echo "== $$b"; $$b || exit 1; done

# libFuzzer harnesses of test/fuzz, FUZZ_TIME seconds each (not in check).
FUZZ_TIME ?= 60
fuzz: all
	@scripts/fuzz $(FUZZ_TIME)

# The harnesses (test/fuzz/NAME_fuzz.c, found by glob) linked against a
# sanitizer+fuzzer build of the tools' own library, build/fuzz/libspine.a,
# so a new source file never leaves them behind: build/fuzz/harness/*.
FUZZ_CC    ?= clang
FUZZ_FLAGS  = -g -O1 -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_NAMES := $(patsubst test/fuzz/%_fuzz.c,%,$(wildcard test/fuzz/*_fuzz.c))

fuzz-build:
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=$(FUZZ_CC) \
		CFLAGS="$(FUZZ_FLAGS)" fuzz-harnesses

fuzz-harnesses: $(FUZZ_NAMES:%=$(BUILD)/harness/%_fuzz)

$(BUILD)/harness/%_fuzz: test/fuzz/%_fuzz.c $(BUILD)/test/fuzz/fuzz_common.o \
	$(LIB)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(SPINE_CPPFLAGS) -Itest/fuzz $(CFLAGS) -fsanitize=fuzzer \
		-o $@ $< $(BUILD)/test/fuzz/fuzz_common.o $(LIB) $(SPINE_LDLIBS)

# --- install ---------------------------------------------------------------

# The tools, scripts/plot as spine-plot, the man pages, bash completions
# and examples/ (what README.md and the man pages use); test/install.bats
# installs into a scratch prefix and uses them from there (install-files:
# the same without building, for a BINDIR built some other way).
install: all
	@$(MAKE) --no-print-directory install-files

install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(BASHCOMPDIR) \
		$(DESTDIR)$(DATADIR)
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin
	install -m 755 scripts/plot $(DESTDIR)$(PREFIX)/bin/spine-plot
	for m in $(MAN_PAGES); do \
		s=$${m##*.}; install -d $(DESTDIR)$(MANDIR)/man$$s; \
		install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s; \
	done
	for t in $(TOOLS); do \
		[ ! -f completions/$$t ] || \
		install -m 644 completions/$$t $(DESTDIR)$(BASHCOMPDIR)/$$t; \
	done
	rm -rf $(DESTDIR)$(DATADIR)/examples
	cp -R examples $(DESTDIR)$(DATADIR)/examples
	chmod -R u+w,go+rX $(DESTDIR)$(DATADIR)/examples

uninstall:
	for t in $(TOOLS); do \
		rm -f $(DESTDIR)$(PREFIX)/bin/$$t $(DESTDIR)$(BASHCOMPDIR)/$$t; \
	done
	rm -f $(DESTDIR)$(PREFIX)/bin/spine-plot
	for m in $(MAN_PAGES); do \
		rm -f $(DESTDIR)$(MANDIR)/man$${m##*.}/$${m##*/}; \
	done
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build bin demo-out $(FW_avr_HEX) $(FW_uno_HEX)

-include $(LIB_OBJ:.o=.d) $(UNIT_SRC:%.c=$(BUILD)/%.d) $(AVR_OBJ:.o=.d) \
	$(FW_avr_OBJ:.o=.d) $(FW_uno_OBJ:.o=.d) $(ARM_m0_OBJ:.o=.d) \
	$(AVRPTY_LIBSRC:%.c=$(BUILD)/avrpty/%.d) \
	$(ARM_m3_OBJ:.o=.d) \
	$(foreach t,$(TOOLS),$(patsubst %.c,$(BUILD)/%.d,$(wildcard cmd/$(t)/*.c)))
