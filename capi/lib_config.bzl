"""The library's configuration (//bazel:lib) as a build setting, and a rule that builds
its targets in it from any configuration: the install test gets libplanview.so and .a as
released (PIC, optimised, every dependency inside, no sanitizer) in every test run."""

def _bool_setting_impl(ctx):
    return []

bool_setting = rule(
    implementation = _bool_setting_impl,
    build_setting = config.bool(flag = True),
)

def _no_sanitizer(flags):
    return [f for f in flags if "sanitize" not in f]

def _lib_transition_impl(settings, attr):
    return {
        "//bazel:lib_flag": True,
        "//command_line_option:force_pic": True,
        "//command_line_option:compilation_mode": "opt",
        "//command_line_option:copt": _no_sanitizer(settings["//command_line_option:copt"]),
        "//command_line_option:linkopt": _no_sanitizer(settings["//command_line_option:linkopt"]),
    }

_lib_transition = transition(
    implementation = _lib_transition_impl,
    inputs = [
        "//command_line_option:copt",
        "//command_line_option:linkopt",
    ],
    outputs = [
        "//bazel:lib_flag",
        "//command_line_option:force_pic",
        "//command_line_option:compilation_mode",
        "//command_line_option:copt",
        "//command_line_option:linkopt",
    ],
)

def _lib_files_impl(ctx):
    files = depset(transitive = [t[DefaultInfo].files for t in ctx.attr.srcs])
    return [DefaultInfo(files = files, runfiles = ctx.runfiles(transitive_files = files))]

lib_files = rule(
    implementation = _lib_files_impl,
    attrs = {
        "srcs": attr.label_list(cfg = _lib_transition),
        "_allowlist_function_transition": attr.label(
            default = "@bazel_tools//tools/allowlists/function_transition_allowlist",
        ),
    },
)
