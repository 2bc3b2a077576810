"""libplanview.so and libplanview.a from the C API's own objects.

Bazel 4 has neither cc_shared_library nor cc_static_library, and a cc_binary(linkshared)
would carry every dependency's link flags (-lre2, -lfmt: Debian's shared libraries) into
the library. These rules link the position-independent archives of the C API and of the
planview code under it, the same objects the tests use (no second compile), and put each
system library inside as the table `system_libraries` says: a Debian static archive, or one
of `builds` (our own position-independent builds). A system library missing from the table
fails the build, so no new dependency slips in as a shared one.
"""

load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")

def _archives(ctx):
    """The inputs and link arguments: archives of deps and builds, then system archives."""
    inputs = []
    args = []
    flags = []
    for target in ctx.attr.deps + ctx.attr.builds:
        for linker_input in target[CcInfo].linking_context.linker_inputs.to_list():
            for library in linker_input.libraries:
                archive = library.pic_static_library or library.static_library
                if archive == None:
                    fail("{}: no static archive of {}".format(ctx.label, linker_input.owner))
                if archive in inputs:
                    continue
                inputs.append(archive)
                if library.alwayslink:
                    args += ["-Wl,--whole-archive", archive.path, "-Wl,--no-whole-archive"]
                else:
                    args.append(archive.path)
            for flag in linker_input.user_link_flags:
                if flag.startswith("-l:"):
                    replacement = flag  # already a static archive by name
                elif flag in ctx.attr.system_libraries:
                    replacement = ctx.attr.system_libraries[flag]
                elif flag.startswith("-fsanitize"):
                    fail("{}: build the library without sanitizers".format(ctx.label))
                else:
                    fail("{}: {} (from {}) is not in system_libraries".format(ctx.label, flag, linker_input.owner))
                if replacement and replacement not in flags:
                    flags.append(replacement)
    return inputs, args, flags

def _shared_library_impl(ctx):
    cc_toolchain = find_cpp_toolchain(ctx)
    inputs, args, flags = _archives(ctx)
    out = ctx.actions.declare_file(ctx.attr.library_name)
    script = ctx.file.version_script
    ctx.actions.run_shell(
        inputs = depset(inputs + [script], transitive = [cc_toolchain.all_files]),
        outputs = [out],
        command = " ".join([
            cc_toolchain.compiler_executable,
            "-shared -o",
            out.path,
            "-Wl,-soname," + ctx.attr.soname,
            "-Wl,--version-script=" + script.path,
            "-Wl,-z,defs -Wl,-z,relro,-z,now -Wl,--gc-sections -Wl,--as-needed",
            "-Wl,--start-group",
            " ".join(args),
            " ".join(flags),
            "-Wl,--end-group",
            # libstdc++ and libgcc inside, so the library runs with any libstdc++.
            "-static-libgcc -Wl,-Bstatic -lstdc++ -Wl,-Bdynamic -lm -lpthread",
        ]),
        use_default_shell_env = True,  # PATH, for gcc to find ld
        mnemonic = "PlanviewSharedLibrary",
        progress_message = "Linking %s" % out.short_path,
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

def _static_library_impl(ctx):
    cc_toolchain = find_cpp_toolchain(ctx)
    inputs, args, flags = _archives(ctx)
    symbols = ctx.file.exported_symbols
    combined = ctx.actions.declare_file(ctx.label.name + ".combined.o")
    out = ctx.actions.declare_file(ctx.attr.library_name)

    # One relocatable object pulling only the members the exported functions need, as a
    # program's link would; then every strong global symbol but the exported ones made
    # local (C++'s unique symbols first made weak, which objcopy can handle).
    undefined = "$(sed 's/^/-Wl,-u,/' {})".format(symbols.path)
    ctx.actions.run_shell(
        inputs = depset(inputs + [symbols, ctx.file._weaken], transitive = [cc_toolchain.all_files]),
        outputs = [combined, out],
        command = " && ".join([
            "{cc} -r -nostdlib {undefined} -o {combined} -Wl,--start-group {args} {flags} -Wl,--end-group".format(
                cc = cc_toolchain.compiler_executable,
                undefined = undefined,
                combined = combined.path,
                args = " ".join(args),
                flags = " ".join([f for f in flags if f.startswith("-l:")]),
            ),
            "python3 {weaken} {combined}".format(weaken = ctx.file._weaken.path, combined = combined.path),
            # Strong definitions other than the API become local; weak ones (C++'s inline
            # functions and template instantiations) stay weak globals, as in any static
            # library: libstdc++.a's own objects take some of them from their users.
            "{nm} -g --defined-only {combined} | awk '$2 ~ /^[TDBRG]$/ {{print $3}}' | (grep -vxF -f {symbols} || true) >{combined}.local".format(
                nm = cc_toolchain.nm_executable,
                combined = combined.path,
                symbols = symbols.path,
            ),
            "{objcopy} --localize-symbols={combined}.local {combined}".format(
                objcopy = cc_toolchain.objcopy_executable,
                combined = combined.path,
            ),
            "rm -f {combined}.local".format(combined = combined.path),
            "rm -f {out} && {ar} rcs {out} {combined}".format(
                ar = cc_toolchain.ar_executable,
                out = out.path,
                combined = combined.path,
            ),
        ]),
        use_default_shell_env = True,
        mnemonic = "PlanviewStaticLibrary",
        progress_message = "Combining %s" % out.short_path,
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

_COMMON = {
    "deps": attr.label_list(providers = [CcInfo], doc = "The library's code (the C API)."),
    "builds": attr.label_list(providers = [CcInfo], doc = "Our builds of system libraries."),
    "system_libraries": attr.string_dict(
        doc = "Each system library's link flag -> how it goes inside ('' when `builds` has it).",
    ),
    "library_name": attr.string(mandatory = True),
    "_cc_toolchain": attr.label(default = Label("@bazel_tools//tools/cpp:current_cc_toolchain")),
}

planview_shared_library = rule(
    implementation = _shared_library_impl,
    attrs = dict(_COMMON, **{
        "soname": attr.string(mandatory = True),
        "version_script": attr.label(allow_single_file = True, mandatory = True),
    }),
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
    fragments = ["cpp"],
)

planview_static_library = rule(
    implementation = _static_library_impl,
    attrs = dict(_COMMON, **{
        "exported_symbols": attr.label(allow_single_file = True, mandatory = True),
        "_weaken": attr.label(allow_single_file = True, default = "//capi:internal/weaken_unique_symbols.py"),
    }),
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
    fragments = ["cpp"],
)
