"""Tests that run once per SIMD kernel (structured/internal/kernels/kernel.h)."""

# (name suffix, test environment): as the CPU chooses (AVX2 on CI's machines), then with
# the scalar kernel forced. The same output is expected from both.
KERNEL_VARIANTS = [
    ("", {}),
    ("_scalar", {"PLANVIEW_KERNEL": "scalar"}),
]
