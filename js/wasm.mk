# Make rules of js/build_wasm.sh (which sets the variables below): compiles the library's
# sources and its dependencies' Debian sources with emscripten, and links
# planview_wasm.mjs + planview_wasm.wasm. Incremental: each object depends on its sources
# and the headers it included (-MMD).
#   ROOT      the repository
#   OUT       the build directory (objects under $(OUT)/obj, the module in $(OUT))
#   DEPSRC    the unpacked Debian sources (tools/debian_sources.sh)
#   LIB_SRCS  the library's .cc files, relative to ROOT
#   CXX2B_SRCS  those of them that Bazel compiles with -std=c++2b

CC := emcc
CXX := em++
AR := emar

# -fwasm-exceptions: the CLI's option parsing (CLI11) and the executor throw; wasm's own
# exception handling (Node 17+, every current browser) costs nothing until a throw,
# where emscripten's JS-based exceptions route every call that may throw through JS.
COMMON := -O2 -fwasm-exceptions -ffp-contract=off -DNDEBUG
CFLAGS_DEP := $(COMMON) -w
CXXFLAGS_LIB := $(COMMON) -DMSGPACK_NO_BOOST -I$(ROOT) -I$(OUT)/gen \
  -isystem $(OUT)/include -isystem $(DEPSRC)/re2 -isystem $(DEPSRC)/zlib \
  -isystem $(DEPSRC)/libdeflate -isystem $(OUT)/include/minizip-parent

# zlib: what inflate needs (minizip reads through it).
ZLIB_SRCS := adler32.c crc32.c inffast.c inflate.c inftrees.c zutil.c
# minizip: reading only (plan files are read, never written, by the library).
MINIZIP_SRCS := ioapi.c unzip.c
# libdeflate: whole-buffer inflate and CRC-32.
LIBDEFLATE_SRCS := lib/deflate_decompress.c lib/crc32.c lib/adler32.c lib/utils.c \
  lib/zlib_decompress.c lib/gzip_decompress.c
# re2, with its Unicode tables generated here (Debian's source has the generators only).
RE2_SRCS := $(filter-out %_test.cc,$(patsubst $(DEPSRC)/re2/%,%,$(wildcard $(DEPSRC)/re2/re2/*.cc))) \
  util/rune.cc util/strutil.cc
RE2_TABLES := re2/perl_groups.cc re2/unicode_casefold.cc re2/unicode_groups.cc

# fmt: its compiled part (the headers are Debian's /usr/include/fmt, the same version).
FMT_SRCS := src/format.cc

ZLIB_OBJS := $(ZLIB_SRCS:%.c=$(OUT)/obj/zlib/%.o)
MINIZIP_OBJS := $(MINIZIP_SRCS:%.c=$(OUT)/obj/minizip/%.o)
LIBDEFLATE_OBJS := $(LIBDEFLATE_SRCS:%.c=$(OUT)/obj/libdeflate/%.o)
FMT_OBJS := $(FMT_SRCS:%.cc=$(OUT)/obj/fmt/%.o)
RE2_OBJS := $(RE2_SRCS:%.cc=$(OUT)/obj/re2/%.o) $(RE2_TABLES:%.cc=$(OUT)/obj/re2-tables/%.o)
LIB_OBJS := $(LIB_SRCS:%.cc=$(OUT)/obj/planview/%.o)

DEP_LIBS := $(OUT)/lib/libfmt.a $(OUT)/lib/libre2.a $(OUT)/lib/libminizip.a $(OUT)/lib/libz.a $(OUT)/lib/libdeflate.a

EXPORT_LIST := _planview_version _planview_api_version _planview_render _planview_render_changes \
  _planview_result_status _planview_result_output _planview_result_messages _planview_result_free \
  _planview_result_change_count _planview_result_change _planview_change_address \
  _planview_change_previous_address _planview_change_action _planview_change_action_reason \
  _planview_change_deposed _planview_change_diff _malloc _free
empty :=
space := $(empty) $(empty)
comma := ,
EXPORTS := $(subst $(space),$(comma),$(strip $(EXPORT_LIST)))

# One module for Node and browsers: an ES module exporting a factory; the JS wrapper
# (js/planview.mjs) hands it the compiled .wasm, so the glue never fetches or reads files
# itself. Built for web and worker only: 3.1.6's Node code (require, __dirname) does not
# run in an ES module, and the web code needs nothing Node lacks once given the module. No file system (the library reads no files), memory
# grows to wasm32's 4 GiB, and a 64 MiB stack for deeply nested (but legal) documents.
LDFLAGS := $(COMMON) -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createPlanviewModule \
  -sENVIRONMENT=web,worker -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB \
  -sTOTAL_STACK=67108864 -sINITIAL_MEMORY=134217728 -sEXIT_RUNTIME=0 \
  -sEXPORTED_FUNCTIONS=$(EXPORTS) -sERROR_ON_UNDEFINED_SYMBOLS=1

all: $(OUT)/planview_wasm.mjs

$(OUT)/planview_wasm.mjs: $(LIB_OBJS) $(DEP_LIBS)
	$(CXX) $(LDFLAGS) -o $@ $(LIB_OBJS) $(DEP_LIBS)

$(OUT)/lib/libz.a: $(ZLIB_OBJS)
$(OUT)/lib/libminizip.a: $(MINIZIP_OBJS)
$(OUT)/lib/libdeflate.a: $(LIBDEFLATE_OBJS)
$(OUT)/lib/libre2.a: $(RE2_OBJS)
$(OUT)/lib/libfmt.a: $(FMT_OBJS)
$(DEP_LIBS):
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(OUT)/obj/zlib/%.o: $(DEPSRC)/zlib/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_DEP) -MMD -c $< -o $@

# ioapi.c: plain fopen (no fopen64); unzip.c as Debian builds it.
$(OUT)/obj/minizip/%.o: $(DEPSRC)/minizip/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_DEP) -DIOAPI_NO_64 -I$(DEPSRC)/zlib -MMD -c $< -o $@

$(OUT)/obj/libdeflate/%.o: $(DEPSRC)/libdeflate/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_DEP) -I$(DEPSRC)/libdeflate -MMD -c $< -o $@

$(OUT)/obj/fmt/%.o: $(DEPSRC)/fmtlib/%.cc
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS_DEP) -std=c++20 -isystem $(OUT)/include -MMD -c $< -o $@

$(OUT)/obj/re2/%.o: $(DEPSRC)/re2/%.cc
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS_DEP) -std=c++17 -I$(DEPSRC)/re2 -MMD -c $< -o $@

$(OUT)/obj/re2-tables/%.o: $(OUT)/gen/%.cc
	@mkdir -p $(@D)
	$(CXX) $(CFLAGS_DEP) -std=c++17 -I$(DEPSRC)/re2 -MMD -c $< -o $@

# The tables from Debian's unicode-data (/usr/share/unicode, as Debian's re2 build does).
$(OUT)/gen/re2/perl_groups.cc: $(DEPSRC)/re2/re2/make_perl_groups.pl
	@mkdir -p $(@D)
	perl $< > $@.tmp && mv $@.tmp $@
$(OUT)/gen/re2/unicode_%.cc: $(DEPSRC)/re2/re2/make_unicode_%.py $(DEPSRC)/re2/re2/unicode.py
	@mkdir -p $(@D)
	cd $(DEPSRC)/re2/re2 && python3 $(<F) > $@.tmp && mv $@.tmp $@

$(OUT)/obj/planview/%.o: $(ROOT)/%.cc
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS_LIB) $(if $(filter $*.cc,$(CXX2B_SRCS)),-std=c++2b,-std=c++20) -MMD -c $< -o $@

-include $(shell find $(OUT)/obj -name '*.d' 2>/dev/null)

.PHONY: all
