"""The C API compiled to WebAssembly with Debian's emscripten, by Bazel.

`wasm_module` links `<name>.mjs` (an ES module exporting the emscripten module factory)
or, for a test program, `<name>.js`, and `<name>.wasm` from the same cc_library targets
the native library is built from: an aspect walks `deps` and compiles each cc_library's
sources with em++/emcc, one action per file, with that target's own copts, defines and
include paths (its CcInfo). Nothing else is configured: the native build and its caches
are untouched, and no toolchain or platform is switched. Libraries that natively come
from Debian's binaries are given as their source builds (bazel/debian_src) in `deps` too.
"""

WasmObjectsInfo = provider(
    doc = "Objects compiled for WebAssembly from a cc_library and its deps.",
    fields = {"objects": "depset of .o files"},
)

# Flags of every compile and of the link. -fwasm-exceptions: the CLI's option parsing and
# the executor throw; wasm's own exceptions cost nothing until a throw. Only the JSON
# parser's SIMD128 kernel (structured/internal/kernels/simd128.cc) and js/wasm_memory.c
# use SIMD128 (the module then needs a runtime with it: js/README.md); -msimd128 here
# would let the compiler vectorize every loop, for 51 KB more and no measured gain.
_COMMON = ["-O2", "-fwasm-exceptions", "-ffp-contract=off", "-DNDEBUG"]

def _compile_flags(cc, copts, local_defines, headers_dir, is_cxx):
    flags = list(_COMMON)
    if is_cxx:
        flags.append("-std=c++20")  # as .bazelrc's --cxxopt; a target's copts may raise it
    flags += ["-D" + d for d in cc.defines.to_list() + local_defines]
    for d in cc.quote_includes.to_list():
        flags += ["-iquote", d]
    for d in cc.includes.to_list():
        flags += ["-I", d]
    for d in cc.system_includes.to_list():
        flags += ["-isystem", d]
    flags += ["-isystem", headers_dir.path]
    return flags + copts

def _wasm_objects_aspect_impl(target, ctx):
    transitive = [dep[WasmObjectsInfo].objects for dep in getattr(ctx.rule.attr, "deps", []) if WasmObjectsInfo in dep]
    objects = []
    if ctx.rule.kind == "cc_library" and CcInfo in target:
        cc = target[CcInfo].compilation_context
        headers_dir = ctx.file._headers
        copts = getattr(ctx.rule.attr, "copts", [])
        local_defines = getattr(ctx.rule.attr, "local_defines", [])
        inputs = depset([headers_dir], transitive = [cc.headers])
        for src in getattr(ctx.rule.files, "srcs", []):
            if src.extension not in ("c", "cc", "cpp"):
                continue
            obj = ctx.actions.declare_file("_wasm/{}/{}.o".format(ctx.label.name, src.short_path.replace("../", "external/")))
            is_cxx = src.extension != "c"
            args = ctx.actions.args()
            args.add("em++" if is_cxx else "emcc")
            args.add_all(_compile_flags(cc, copts, local_defines, headers_dir, is_cxx))
            args.add_all(["-c", src.path, "-o", obj.path])
            ctx.actions.run(
                executable = ctx.executable._emcc,
                arguments = [args],
                inputs = depset([src], transitive = [inputs]),
                outputs = [obj],
                mnemonic = "WasmCompile",
                progress_message = "Compiling {} for WebAssembly".format(src.short_path),
            )
            objects.append(obj)
    return [WasmObjectsInfo(objects = depset(objects, transitive = transitive))]

wasm_objects_aspect = aspect(
    implementation = _wasm_objects_aspect_impl,
    attr_aspects = ["deps"],
    attrs = {
        "_emcc": attr.label(default = "//js:emcc", executable = True, cfg = "exec"),
        "_headers": attr.label(default = "//js:debian_include", allow_single_file = True),
    },
)

def _wasm_module_impl(ctx):
    objects = depset(transitive = [dep[WasmObjectsInfo].objects for dep in ctx.attr.deps])
    # An ES module (.mjs) or, for a program run by node, CommonJS (.js).
    mjs = ctx.actions.declare_file(ctx.label.name + (".mjs" if ctx.attr.es_module else ".js"))
    wasm = ctx.actions.declare_file(ctx.label.name + ".wasm")
    args = ctx.actions.args()
    args.add("em++")
    args.add_all(_COMMON)
    args.add_all(ctx.attr.linkopts)
    # The exported functions: the C API's (the shared library's list) and the allocator.
    exported = [ctx.file.exported_symbols] if ctx.file.exported_symbols else []
    for f in exported:
        args.add(f, format = "--exported-symbols-file=%s")
    args.add_all(objects)
    args.add_all(["-o", mjs.path])
    ctx.actions.run(
        executable = ctx.executable._emcc,
        arguments = [args],
        inputs = depset(exported, transitive = [objects]),
        outputs = [mjs, wasm],
        mnemonic = "WasmLink",
        progress_message = "Linking {} for WebAssembly".format(ctx.label.name),
    )
    return [DefaultInfo(files = depset([mjs, wasm]), runfiles = ctx.runfiles(files = [mjs, wasm]))]

wasm_module = rule(
    implementation = _wasm_module_impl,
    attrs = {
        "deps": attr.label_list(aspects = [wasm_objects_aspect]),
        "es_module": attr.bool(default = True),
        # Without it: a program (its main runs when node loads it).
        "exported_symbols": attr.label(allow_single_file = True),
        "linkopts": attr.string_list(),
        "_emcc": attr.label(default = "//js:emcc", executable = True, cfg = "exec"),
    },
)

def _include_dir_impl(ctx):
    out = ctx.actions.declare_directory(ctx.label.name)
    strip = ctx.attr.strip_prefix
    paths = [f.path[len(strip):] if f.path.startswith(strip) else f.path for f in ctx.files.srcs]
    args = ctx.actions.args()
    args.add(strip)
    args.add(out.path)
    args.add_all(paths)
    ctx.actions.run_shell(
        inputs = ctx.files.srcs,
        outputs = [out],
        # One cp for all: from under the prefix, keeping the paths below it.
        command = 'from=$1 to=$PWD/$2 && shift 2 && cd "$from" && cp -L --parents "$@" "$to"',
        arguments = [args],
        mnemonic = "WasmHeaders",
        progress_message = "Collecting Debian's headers for WebAssembly",
    )
    return [DefaultInfo(files = depset([out]))]

# A directory holding `srcs` at their paths below `strip_prefix`: an -isystem directory
# with those headers and nothing else.
include_dir = rule(
    implementation = _include_dir_impl,
    attrs = {
        "srcs": attr.label_list(allow_files = True),
        "strip_prefix": attr.string(),
    },
)
