#!/usr/bin/env python3
"""Rewrites an ELF64 little-endian relocatable object in place: every STB_GNU_UNIQUE symbol
(C++'s inline variables and the statics of inline functions) becomes STB_WEAK.

objcopy cannot make a unique symbol local, but it does localize weak ones; libplanview.a
runs this before `objcopy --keep-global-symbols`, so that it exports planview_* alone.

    weaken_unique_symbols.py OBJECT
"""
import struct
import sys

STB_WEAK = 2
STB_GNU_UNIQUE = 10
SHT_SYMTAB = 2


def main(path):
    with open(path, "r+b") as f:
        data = bytearray(f.read())
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            sys.exit(f"{path}: not a 64-bit little-endian ELF file")
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
        changed = 0
        for i in range(shnum):
            base = shoff + i * shentsize
            sh_type, = struct.unpack_from("<I", data, base + 4)
            if sh_type != SHT_SYMTAB:
                continue
            offset, size = struct.unpack_from("<QQ", data, base + 0x18)
            entsize, = struct.unpack_from("<Q", data, base + 0x38)
            for at in range(offset, offset + size, entsize):
                info = data[at + 4]
                if info >> 4 == STB_GNU_UNIQUE:
                    data[at + 4] = (STB_WEAK << 4) | (info & 0xF)
                    changed += 1
        f.seek(0)
        f.write(data)
    return changed


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: weaken_unique_symbols.py OBJECT")
    main(sys.argv[1])
