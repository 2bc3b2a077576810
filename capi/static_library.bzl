"""libplanview.a: one archive holding the C API and everything it links (Bazel 4 has no
cc_static_library). The dependencies' archives are linked into one relocatable object
(`gcc -r`, pulling only the members the exported functions need, as a program's link
would), whose symbols other than the exported ones are then made local (objcopy), so a
program that links it sees only planview_* and needs only libstdc++, libm and libc."""

load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")

def _static_library_impl(ctx):
    cc_toolchain = find_cpp_toolchain(ctx)
    inputs = []
    args = []
    flags = []
    for dep in ctx.attr.deps:
        for linker_input in dep[CcInfo].linking_context.linker_inputs.to_list():
            for library in linker_input.libraries:
                archive = library.pic_static_library or library.static_library
                if archive == None:
                    continue
                inputs.append(archive)
                if library.alwayslink:
                    args += ["-Wl,--whole-archive", archive.path, "-Wl,--no-whole-archive"]
                else:
                    args.append(archive.path)
            for flag in linker_input.user_link_flags:
                # System archives by name (-l:libz.a); shared libraries and flags stay out.
                if flag.startswith("-l:") and flag.endswith(".a") and flag not in flags:
                    flags.append(flag)
    symbols = ctx.file.exported_symbols
    combined = ctx.actions.declare_file(ctx.label.name + ".o")
    out = ctx.actions.declare_file(ctx.label.name + ".a")
    undefined = "$(sed 's/^/-Wl,-u,/' {})".format(symbols.path)
    ctx.actions.run_shell(
        inputs = depset(inputs + [symbols], transitive = [cc_toolchain.all_files]),
        outputs = [combined, out],
        command = " && ".join([
            "{cc} -r -nostdlib {undefined} -o {combined} -Wl,--start-group {args} {flags} -Wl,--end-group".format(
                cc = cc_toolchain.compiler_executable,
                undefined = undefined,
                combined = combined.path,
                args = " ".join(args),
                flags = " ".join(flags),
            ),
            "{objcopy} --keep-global-symbols={symbols} {combined}".format(
                objcopy = cc_toolchain.objcopy_executable,
                symbols = symbols.path,
                combined = combined.path,
            ),
            "rm -f {out} && {ar} rcs {out} {combined}".format(
                ar = cc_toolchain.ar_executable,
                out = out.path,
                combined = combined.path,
            ),
        ]),
        use_default_shell_env = True,  # PATH, for gcc to find ld
        mnemonic = "PlanviewStaticLibrary",
        progress_message = "Combining %s" % out.short_path,
    )
    return [DefaultInfo(files = depset([out]))]

planview_static_library = rule(
    implementation = _static_library_impl,
    attrs = {
        "deps": attr.label_list(providers = [CcInfo]),
        "exported_symbols": attr.label(allow_single_file = True, mandatory = True),
        "_cc_toolchain": attr.label(default = Label("@bazel_tools//tools/cpp:current_cc_toolchain")),
    },
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
    fragments = ["cpp"],
)
