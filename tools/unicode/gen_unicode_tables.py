#!/usr/bin/env python3
"""Writes wire/internal/unicode_tables.inc: the character properties planview's NFC
normaliser (wire/internal/nfc.cc) and grapheme-cluster segmenter (wire/internal/grapheme.cc)
look up, generated from the Unicode Character Database.

Usage: tools/unicode/gen_unicode_tables.py [UCD_DIR] > wire/internal/unicode_tables.inc
UCD_DIR defaults to /usr/share/unicode (Debian's unicode-data package). It reads
UnicodeData.txt, CompositionExclusions.txt (only to cross-check), DerivedNormalizationProps.txt,
auxiliary/GraphemeBreakProperty.txt and emoji/emoji-data.txt.

Per code point the table holds one small record: canonical combining class, NFC quick check,
whether a normalisation boundary always falls before / after the character, whether it has a
canonical decomposition or starts a primary composite, its Grapheme_Cluster_Break value and
Extended_Pictographic. Records are deduplicated and reached through a two-level index
(code point >> SHIFT, then the low bits). Decompositions (full, canonically ordered) and
primary composites are sorted arrays searched by binary search.

The boundary flags follow the definitions of UAX #15 section 9 (a character with a boundary
before it never interacts with what precedes it; one with a boundary after it never
interacts with what follows), computed the way ICU's gennorm2 computes them, so that
SafeKnownPrefix keeps the results planview had when it used ICU.
"""
import os
import re
import sys

MAX_CP = 0x110000
S_BASE, L_BASE, V_BASE, T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
L_COUNT, V_COUNT, T_COUNT = 19, 21, 28
N_COUNT = V_COUNT * T_COUNT
S_COUNT = L_COUNT * N_COUNT

GCB_NAMES = ["Other", "CR", "LF", "Control", "Extend", "ZWJ", "Regional_Indicator",
             "Prepend", "SpacingMark", "L", "V", "T", "LV", "LVT"]

QC_YES, QC_MAYBE, QC_NO = 0, 1, 2
F_BOUNDARY_BEFORE = 1 << 2
F_BOUNDARY_AFTER = 1 << 3
F_DECOMPOSES = 1 << 4
F_COMBINES_FORWARD = 1 << 5
EXT_PICT = 1 << 4


def data_lines(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                yield [field.strip() for field in line.split(";")]


def code_range(text):
    if ".." in text:
        a, b = text.split("..")
        return range(int(a, 16), int(b, 16) + 1)
    return range(int(text, 16), int(text, 16) + 1)


def version_of(path):
    with open(path, encoding="utf-8") as f:
        m = re.search(r"-(\d+\.\d+\.\d+)\.txt", f.readline())
    if not m:
        sys.exit(f"gen_unicode_tables: no version in the first line of {path}")
    return m.group(1)


def is_hangul_syllable(c):
    return S_BASE <= c < S_BASE + S_COUNT


def is_jamo_l(c):
    return L_BASE <= c < L_BASE + L_COUNT


def is_jamo_v(c):
    return V_BASE <= c < V_BASE + V_COUNT


def is_jamo_t(c):  # the trailing consonants that compose (not U+11A7)
    return T_BASE < c < T_BASE + T_COUNT


def main():
    ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
    paths = {
        "data": os.path.join(ucd, "UnicodeData.txt"),
        "excl": os.path.join(ucd, "CompositionExclusions.txt"),
        "dnp": os.path.join(ucd, "DerivedNormalizationProps.txt"),
        "gcb": os.path.join(ucd, "auxiliary", "GraphemeBreakProperty.txt"),
        "emoji": os.path.join(ucd, "emoji", "emoji-data.txt"),
    }
    versions = {version_of(paths[k]) for k in ("excl", "dnp", "gcb")}
    if len(versions) != 1:
        sys.exit(f"gen_unicode_tables: mixed Unicode versions {sorted(versions)}")
    version = versions.pop()

    ccc = {}
    raw = {}  # one-level canonical decompositions
    for f in data_lines(paths["data"]):
        c = int(f[0], 16)
        if int(f[3]):
            ccc[c] = int(f[3])
        if f[5] and not f[5].startswith("<"):
            raw[c] = [int(x, 16) for x in f[5].split()]

    full_exclusion = set()
    qc = {}
    for f in data_lines(paths["dnp"]):
        if f[1] == "Full_Composition_Exclusion":
            full_exclusion.update(code_range(f[0]))
        elif f[1] == "NFC_QC":
            value = {"N": QC_NO, "M": QC_MAYBE}[f[2]]
            for c in code_range(f[0]):
                qc[c] = value
    exclusions = set()
    for f in data_lines(paths["excl"]):
        exclusions.update(code_range(f[0]))
    if not exclusions <= full_exclusion:
        sys.exit("gen_unicode_tables: CompositionExclusions.txt not within "
                 "Full_Composition_Exclusion")

    def cc(c):
        return ccc.get(c, 0)

    # Primary composites: two-character canonical mappings not excluded (Hangul aside).
    compose = {}
    for c, m in raw.items():
        if len(m) == 2 and c not in full_exclusion:
            compose[(m[0], m[1])] = c
    firsts = {a for a, _ in compose}
    seconds = {b for _, b in compose}
    pairs_of = {}
    for (a, b), c in compose.items():
        pairs_of.setdefault(a, []).append((b, c))

    def combines_back(c):
        return c in seconds or is_jamo_v(c) or is_jamo_t(c)

    def full(c):
        if c in raw:
            out = []
            for x in raw[c]:
                out.extend(full(x))
            return out
        return [c]

    def canonical_order(seq):
        out = list(seq)
        # Stable sort of each run of non-starters by combining class.
        i = 0
        while i < len(out):
            if cc(out[i]) == 0:
                i += 1
                continue
            j = i
            while j < len(out) and cc(out[j]) != 0:
                j += 1
            out[i:j] = sorted(out[i:j], key=cc)
            i = j
        return out

    decomp = {c: canonical_order(full(c)) for c in raw}

    # Cross-check the quick check property against the composition data.
    for c in range(MAX_CP):
        if is_hangul_syllable(c):
            continue
        maybe = qc.get(c) == QC_MAYBE
        if maybe != combines_back(c):
            sys.exit(f"gen_unicode_tables: NFC_QC=Maybe disagrees with compositions at U+{c:04X}")

    def combines_with_cc_between(starter, low, high):
        if high - low < 2:
            return False
        return any(low < cc(b) < high for b, _ in pairs_of.get(starter, []))

    def mapping_boundary_after(buf, one_way):
        # Whether nothing appended after this (fully decomposed, ordered) mapping can
        # combine with it or reorder into it.
        starters = [i for i, x in enumerate(buf) if cc(x) == 0]
        if not starters:
            return False
        last_starter = starters[-1]
        last = len(buf) - 1
        if one_way and last_starter < last and cc(buf[last]) > 1:
            return False
        starter = buf[last_starter]
        if last_starter == 0 and combines_back(starter):
            return False
        if is_jamo_l(starter) or (is_jamo_v(starter) and last_starter > 0
                                  and is_jamo_l(buf[last_starter - 1])):
            return last_starter != last
        i = last_starter
        while i > 0 and cc(buf[i - 1]) == 0 and not (
                is_jamo_l(buf[i - 1]) or is_jamo_v(buf[i - 1]) or
                T_BASE <= buf[i - 1] < T_BASE + T_COUNT):
            starter = buf[i - 1]
            i -= 1
        current = starter  # None once it cannot combine at all
        if i == last_starter and current not in firsts:
            return True
        prev_cc = 0
        i += 1
        while i < len(buf):
            x = buf[i]
            c_cc = cc(x)
            if i > last_starter and current is not None and \
                    combines_with_cc_between(current, prev_cc, c_cc):
                return False
            composite = compose.get((current, x)) if current is not None else None
            if current is not None and (prev_cc < c_cc or prev_cc == 0) and \
                    combines_back(x) and composite is not None:
                current = composite
                if i >= last_starter and current not in firsts:
                    return True
            elif c_cc == 0:
                current = x
                if i == last_starter and current not in firsts:
                    return True
                prev_cc = 0
            else:
                prev_cc = c_cc
            i += 1
        if prev_cc == 0:
            return False
        if current is not None and combines_with_cc_between(current, prev_cc, 256):
            return False
        return True

    gcb = {}
    for f in data_lines(paths["gcb"]):
        value = GCB_NAMES.index(f[1])
        for c in code_range(f[0]):
            gcb[c] = value
    ext_pict = set()
    for f in data_lines(paths["emoji"]):
        if f[1] == "Extended_Pictographic":
            ext_pict.update(code_range(f[0]))

    records = []
    record_index = {}
    per_cp = []
    for c in range(MAX_CP):
        q = qc.get(c, QC_YES)
        flags = q
        if is_hangul_syllable(c):
            before = True
            after = (c - S_BASE) % T_COUNT != 0  # LVT: nothing follows; LV takes a T
            fwd = not after
        elif c in decomp:
            buf = decomp[c]
            before = cc(buf[0]) == 0 and not combines_back(buf[0])
            one_way = c in full_exclusion or len(raw[c]) == 1
            fwd = c in firsts
            after = not fwd and mapping_boundary_after(buf, one_way)
            flags |= F_DECOMPOSES
        else:
            back = combines_back(c)
            fwd = c in firsts or is_jamo_l(c)
            before = cc(c) == 0 and not back
            after = cc(c) == 0 and not back and not fwd
        if before:
            flags |= F_BOUNDARY_BEFORE
        if after:
            flags |= F_BOUNDARY_AFTER
        if c in firsts:
            flags |= F_COMBINES_FORWARD
        g = gcb.get(c, 0) | (EXT_PICT if c in ext_pict else 0)
        rec = (cc(c), flags, g)
        if rec not in record_index:
            record_index[rec] = len(records)
            records.append(rec)
        per_cp.append(record_index[rec])

    # nfc.cc passes everything below U+0300 without a lookup.
    for c in range(0x300):
        c_ccc, c_flags, _ = records[per_cp[c]]
        if c_ccc != 0 or (c_flags & 3) != QC_YES or not c_flags & F_BOUNDARY_BEFORE:
            sys.exit(f"gen_unicode_tables: U+{c:04X} below U+0300 is not a plain starter")

    # Two-level index: pick the block size with the smallest total.
    best = None
    for shift in range(4, 10):
        size = 1 << shift
        blocks = {}
        stage1 = []
        stage2 = []
        for start in range(0, MAX_CP, size):
            block = tuple(per_cp[start:start + size])
            if block not in blocks:
                blocks[block] = len(stage2) >> shift
                stage2.extend(block)
            stage1.append(blocks[block])
        elem2 = 1 if len(records) <= 256 else 2
        elem1 = 1 if len(blocks) <= 256 else 2
        total = len(stage1) * elem1 + len(stage2) * elem2
        if best is None or total < best[0]:
            best = (total, shift, stage1, stage2, elem1, elem2)
    total, shift, stage1, stage2, elem1, elem2 = best

    decomp_cps = sorted(decomp)
    decomp_data = []
    decomp_start = []
    for c in decomp_cps:
        decomp_start.append(len(decomp_data))
        decomp_data.extend(decomp[c])
    decomp_start.append(len(decomp_data))
    comp_keys = sorted(compose)

    out = sys.stdout
    w = out.write
    w("// Generated by tools/unicode/gen_unicode_tables.py from the Unicode Character Database\n")
    w(f"// {version} (Debian's unicode-data). Do not edit: rerun the generator.\n")
    w("// Unicode data: Copyright (c) Unicode, Inc., under the Unicode License (see the\n")
    w("// unicode-data package's copyright file).\n\n")
    w(f'inline constexpr char kUnicodeVersion[] = "{version}";\n\n')
    w(f"inline constexpr int kBlockShift = {shift};\n\n")

    def array(ctype, name, values, per_line=16, fmt="{}"):
        w(f"inline constexpr {ctype} {name}[{len(values)}] = {{\n")
        for i in range(0, len(values), per_line):
            w("    " + ", ".join(fmt.format(v) for v in values[i:i + per_line]) + ",\n")
        w("};\n\n")

    w("// Records: {canonical combining class, NFC flags, grapheme flags}.\n")
    w(f"inline constexpr CharRecord kRecords[{len(records)}] = {{\n")
    for i in range(0, len(records), 6):
        row = records[i:i + 6]
        w("    " + " ".join(f"{{{a}, 0x{b:02x}, 0x{c:02x}}}," for a, b, c in row) + "\n")
    w("};\n\n")
    t1 = "uint8_t" if elem1 == 1 else "uint16_t"
    t2 = "uint8_t" if elem2 == 1 else "uint16_t"
    array(t1, "kStage1", stage1, 24)
    array(t2, "kStage2", stage2, 24)
    array("uint32_t", "kDecompositionCodePoints", decomp_cps, 10, "0x{:05X}")
    array("uint16_t", "kDecompositionStarts", decomp_start, 16)
    array("uint32_t", "kDecompositionData", decomp_data, 10, "0x{:05X}")
    array("uint64_t", "kCompositionKeys", [(a << 21) | b for a, b in comp_keys], 6, "0x{:011X}")
    array("uint32_t", "kCompositionValues", [compose[k] for k in comp_keys], 10, "0x{:05X}")
    sys.stderr.write(f"gen_unicode_tables: Unicode {version}, {len(records)} records, "
                     f"shift {shift}, "
                     f"index {total} bytes, {len(decomp_cps)} decompositions, "
                     f"{len(comp_keys)} composites\n")


if __name__ == "__main__":
    main()
