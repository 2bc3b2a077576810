#!/usr/bin/env python3
"""Writes the cases in this directory: plans and states carrying resource identity,
ephemeral resources and list resources, with the text Terraform's renderer prints for them
(hashicorp/terraform 883c7221, internal/command/jsonformat), derived by hand from that
source because Terraform's own tests have no such case.

Each expected text is written below as the sequence of prints the Go code makes, in its
colorstring markup; `color` applies that markup as mitchellh/colorstring does with
Reset: true (Terraform's Colorize), so one description gives both the plain and the colour
text. Run it from anywhere: python3 testdata/terraform_source/make_cases.py
"""
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
COMMIT = "883c7221ee2e"
PROVIDER = "registry.terraform.io/hashicorp/test"
WIDTH = 78

# mitchellh/colorstring's DefaultColors, the names these cases use.
CODES = {"reset": "0", "bold": "1", "red": "31", "green": "32", "yellow": "33", "cyan": "36", "dark_gray": "90"}


def color(text, enabled):
    """colorstring.Colorize{Reset: true}.Color(text); Disable when not enabled."""
    out = []
    last = 0
    colored = False
    for m in re.finditer(r"\[[a-z0-9_-]+\]", text):
        out.append(text[last:m.start()])
        last = m.end()
        name = m.group(0)[1:-1]
        if name in CODES:
            colored = True
            if enabled:
                out.append("\x1b[%sm" % CODES[name])
        else:
            out.append(m.group(0))
    out.append(text[last:])
    if colored and enabled:
        out.append("\x1b[0m")
    return "".join(out)


class Text:
    """What the renderer writes: plain strings and Colorize.Color calls, in order."""

    def __init__(self):
        self.parts = []

    def raw(self, s):  # written as is (Print, Println, Sprintf of plain text)
        self.parts.append((False, s))
        return self

    def c(self, s):  # renderer.Colorize.Color(s)
        self.parts.append((True, s))
        return self

    def render(self, enabled):
        return "".join(color(s, enabled) if is_color else s for is_color, s in self.parts)


# ---- pieces of the Go code, each named after the function that prints it ----

def symbol(t, action):
    """format.DiffActionSymbol through Colorize.Color."""
    table = {"create": "  [green]+[reset]", "update": "  [yellow]~[reset]", "delete-create": "[red]-[reset]/[green]+[reset]",
             "no-op": "   "}
    return t.c(table[action])


def attr(t, indent, action, key_padded, value_parts):
    """renderers/block.go: formatIndent(indent+1) + writeDiffActionSymbol + key = value."""
    t.raw("    " * (indent + 1))
    symbol(t, action).raw(" ")
    t.raw(key_padded + " = ")
    for is_color, s in value_parts:
        t.c(s) if is_color else t.raw(s)
    return t.raw("\n")


def update_value(before, after, replace=False):
    """renderers/primitive.go: before [yellow]->[reset] after, then forcesReplacement."""
    parts = [(False, before + " "), (True, "[yellow]->[reset]"), (False, " " + after)]
    if replace:
        parts.append((True, " [red]# forces replacement[reset]"))
    return parts


def close_block(t):
    """renderers/block.go: formatIndent(0) + writeDiffActionSymbol(NoOp) + "}"."""
    return symbol(t, "no-op").raw(" }")


def legend(t, actions):
    """plan.go renderHuman: the legend after the word-wrapped introduction."""
    t.raw("\nTerraform used the selected providers to generate the following execution\n"
          "plan. Resource actions are indicated with the following symbols:\n")
    lines = {"create": "  [green]+[reset] create", "update": "  [yellow]~[reset] update in-place",
             "delete-create": "[red]-[reset]/[green]+[reset] destroy and then create replacement"}
    for a in actions:
        t.c(lines[a]).raw("\n")
    return t


def will_perform(t):
    return t.raw("\nTerraform will perform the following actions:\n")


def plan_line(t, counts):
    """plan.go renderHuman: Colorize.Color("\\n[bold]Plan:[reset] ") then the counts."""
    return t.c("\n[bold]Plan:[reset] ").raw(counts + "\n")


def horizontal_rule(t):
    """format.HorizontalRule, then Println."""
    return t.c("[dark_gray]\n" + "─" * (WIDTH - 1)).raw("\n")


def header(kind, type_, name):
    """plan.go resourceChangeHeader."""
    return '%s "%s" "%s"' % (kind, type_, name)


# ---- inputs ----

SCHEMAS = {
    "format_version": "1.0",
    "provider_schemas": {
        PROVIDER: {
            "resource_schemas": {"test_instance": {"version": 0, "block": {"attributes": {
                "id": {"type": "string", "computed": True},
                "ami": {"type": "string", "optional": True}}}}},
            "ephemeral_resource_schemas": {"test_secret": {"version": 0, "block": {"attributes": {
                "value": {"type": "string", "computed": True, "sensitive": True}}}}},
            "list_resource_schemas": {"test_instance": {"version": 0, "block": {"attributes": {
                "filter": {"type": "string", "optional": True}}}}},
            "resource_identity_schemas": {"test_instance": {"version": 0, "attributes": {
                "id": {"type": "string", "required_for_import": True}}}},
        }
    },
}

IDENTITY = {"id": "i-0abc"}


def instance(name, actions, before, after, mode="managed", type_="test_instance", **change_extra):
    prefix = {"managed": "", "ephemeral": "ephemeral.", "list": "list."}[mode]
    change = {"actions": actions, "before": before, "after": after, "after_unknown": {},
              "before_sensitive": {} if before is not None else False,
              "after_sensitive": {} if after is not None else False}
    change.update(change_extra)
    return {"address": "%s%s.%s" % (prefix, type_, name), "mode": mode, "type": type_, "name": name,
            "provider_name": PROVIDER, "change": change}


def plan(resource_changes=None, **extra):
    p = {"format_version": "1.2", "terraform_version": "1.14.0"}
    if resource_changes is not None:
        p["resource_changes"] = resource_changes
    p.update(extra)
    p.setdefault("applyable", True)
    p.setdefault("complete", True)
    p.setdefault("errored", False)
    return p


OLD = {"id": "i-0abc", "ami": "ami-1"}
NEW = {"id": "i-0abc", "ami": "ami-2"}

CASES = []


def case(suite, test, where, why, input_, text, warnings=(), upstream="renders", opentofu_contains=None):
    c = {
        "suite": suite,
        "test": test,
        "source": {"repository": "hashicorp/terraform", "commit": COMMIT, "read": where},
        "behaviour": why,
        "upstream": upstream,
        "input": input_,
        "expected_output": text.render(False),
        "expected_output_color": text.render(True),
        "expected_warnings": list(warnings),
    }
    if opentofu_contains:
        # The same input with --product opentofu: OpenTofu's renderer shows the identity.
        c["opentofu_contains"] = opentofu_contains
    CASES.append(c)


def plan_input(p, mode="normal"):
    return {"plan_json": p, "schemas_json": SCHEMAS, "mode": mode, "qualities": [], "width": WIDTH}


def body(t, action, name, rows):
    """plan.go renderHumanDiff's `symbol header body` for test_instance NAME, the body's
    attribute rows (action, padded key, value parts) as renderers/block.go writes them."""
    symbol(t, action).raw(" " + header("resource", "test_instance", name) + " {\n")
    for row_action, key, parts in rows:
        attr(t, 0, row_action, key, parts)
    return close_block(t)


UNCHANGED_A = [("no-op", "ami", [(False, '"ami-1"')]), ("no-op", "id ", [(False, '"i-0abc"')])]


def import_update_body(t, action, replace=False):
    """The update of ami on instance a: id is always shown (importantAttribute)."""
    return body(t, action, "a", [("update", "ami", update_value('"ami-1"', '"ami-2"', replace)),
                                 ("no-op", "id ", [(False, '"i-0abc"')])])


def update_plan(legend_action, comment, counts, replace=False):
    """A whole plan with the one ami update of instance a: legend, comment, body, Plan: line."""
    t = legend(Text(), [legend_action])
    will_perform(t).raw("\n")
    t.c(comment)
    import_update_body(t, legend_action, replace).raw("\n")
    return plan_line(t, counts)


# 1. Import by identity, nothing else changes.
t = will_perform(Text()).raw("\n")
t.c("[bold]  # test_instance.a[reset] will be imported\n")
body(t, "no-op", "a", UNCHANGED_A).raw("\n")
plan_line(t, "1 to import, 0 to add, 0 to change, 0 to destroy.")
case("plan_human", "identity_import_no_op",
     "internal/command/jsonformat/plan.go: resourceChangeComment (plans.NoOp with Change.Importing set: "
     "\"will be imported\" and printedImported, so no second line; the identity is never read), "
     "renderHumanDiff (ShowUnchangedChildren = diff.Importing()), renderHuman (importingCount, no legend "
     "for a no-op)",
     "An import by identity alone: the header line only; the identity, before_identity and after_identity "
     "are not shown (OpenTofu prints 'imported using resource identity').",
     plan_input(plan([instance("a", ["no-op"], OLD, OLD, importing={"identity": IDENTITY},
                               before_identity=IDENTITY, after_identity=IDENTITY)])), t,
     opentofu_contains="  # imported using resource identity: {\n  #   \"id\": \"i-0abc\"\n  # }\n")

# 1b. The same import beside drift that the plan would otherwise show.
drifted = instance("d", ["update"], {"id": "i-0d", "ami": "ami-1"}, {"id": "i-0d", "ami": "ami-9"})
case("plan_human", "identity_import_no_op_hides_drift",
     "internal/command/jsonformat/diff.go: diffs.Empty (a change counts only when its diff's action is not "
     "a no-op or it moved; an import does not count); plan.go renderHumanDiffDrift (no drift section when "
     "Empty() outside refresh-only mode)",
     "A plan whose only change is a no-op import by identity shows no drift, even relevant drift.",
     plan_input(plan([instance("a", ["no-op"], OLD, OLD, importing={"identity": IDENTITY})],
                     resource_drift=[drifted],
                     relevant_attributes=[{"resource": "test_instance.d", "attribute": ["ami"]}])), t)

# 2. Import by identity with an update.
t = update_plan("update", "[bold]  # test_instance.a[reset] will be updated in-place\n  # [reset](will be imported first)\n",
                "1 to import, 0 to add, 1 to change, 0 to destroy.")
case("plan_human", "identity_import_update",
     "internal/command/jsonformat/plan.go: resourceChangeComment (Importing set, Importing.ID empty: "
     "\"(will be imported first)\"; jsonplan.Importing has no field the renderer reads for the identity)",
     "An import by identity that also updates: '(will be imported first)', no identity.",
     plan_input(plan([instance("a", ["update"], OLD, NEW, importing={"identity": IDENTITY},
                               before_identity=IDENTITY, after_identity=IDENTITY)])), t,
     opentofu_contains="  # imported using resource identity: {\n  #   \"id\": \"i-0abc\"\n  # }\n")

# 3. Import by identity that replaces.
t = update_plan("delete-create",
                "[bold]  # test_instance.a[reset] must be [bold][red]replaced[reset]\n  # [reset](will be imported first)\n"
                "  # [reset][yellow]Warning: this will destroy the imported resource[reset]\n",
                "1 to import, 1 to add, 0 to change, 1 to destroy.", replace=True)
case("plan_human", "identity_import_replace",
     "internal/command/jsonformat/plan.go: resourceChangeComment (DeleteThenCreate, then "
     "\"(will be imported first)\", then the warning for an imported resource being replaced)",
     "An import by identity that must be replaced: the id-less import line and the warning.",
     plan_input(plan([instance("a", ["delete", "create"], OLD, NEW, importing={"identity": IDENTITY},
                               replace_paths=[["ami"]], before_identity=IDENTITY, after_identity=IDENTITY)])), t)

# 4. An id and an identity: the id wins.
t = update_plan("update", "[bold]  # test_instance.a[reset] will be updated in-place\n  # [reset](imported from \"i-0abc\")\n",
                "1 to import, 0 to add, 1 to change, 0 to destroy.")
case("plan_human", "identity_import_with_id",
     "internal/command/jsonformat/plan.go: resourceChangeComment (len(Importing.ID) > 0 is checked first)",
     "An import naming both an id and an identity shows the id.",
     plan_input(plan([instance("a", ["update"], OLD, NEW, importing={"id": "i-0abc", "identity": IDENTITY})])), t)

# 5. before_identity/after_identity on an ordinary update.
t = update_plan("update", "[bold]  # test_instance.a[reset] will be updated in-place\n",
                "0 to add, 1 to change, 0 to destroy.")
case("plan_human", "identity_fields_ignored",
     "internal/command/jsonformat/structured/change.go: FromJsonChange (reads before, after, after_unknown, "
     "before_sensitive, after_sensitive, replace_paths only; jsonplan.Change's BeforeIdentity and "
     "AfterIdentity are never read by jsonformat)",
     "Identity values on a change that is not an import change nothing in the text.",
     plan_input(plan([instance("a", ["update"], OLD, NEW, before_identity=IDENTITY,
                               after_identity={"id": "i-0abc"})])), t)

# 6. "importing": null is no import.
case("plan_human", "identity_importing_null",
     "internal/command/jsonformat/diff.go: diff.Importing (Change.Importing != nil; a JSON null leaves the "
     "*jsonplan.Importing pointer nil)",
     "A null importing object is not an import: no import line, not counted.",
     plan_input(plan([instance("a", ["update"], OLD, NEW, importing=None, after_identity=IDENTITY)])), t)

# 7. A deferred import by identity.
t = Text()
t.c("\n[reset][bold][green]No current changes.[reset][bold] This plan requires another plan to be applied first.[reset]\n\n")
t.c("\n[bold][cyan]Note:[reset][bold] This is a partial plan, parts can only be known in the next plan / apply cycle.\n").raw("\n")
t.raw("\n")
t.c("[bold]  # test_instance.a[reset] was deferred\n").c("  #[reset] (because the resource configuration is unknown)\n")
body(t, "no-op", "a", UNCHANGED_A).raw("\n")
horizontal_rule(t)
deferred = {"reason": "resource_config_unknown",
            "resource_change": instance("a", ["no-op"], OLD, OLD, importing={"unknown": True, "identity": IDENTITY})}
case("plan_human", "identity_import_deferred",
     "internal/command/jsonformat/plan.go: renderHumanDeferredDiff (no import comment at all; "
     "ShowUnchangedChildren = Importing(); a no-op import is not skipped), renderHuman (deferred only: "
     "\"No current changes.\"), renderHumanDeferredChanges",
     "A deferred import by identity: the deferred note and reason, unchanged attributes shown, no identity.",
     plan_input(plan([], deferred_changes=[deferred], applyable=False, complete=False)), t)

# 8. An ephemeral and a list resource in resource_changes.
t = legend(Text(), ["create"])
will_perform(t).raw("\n")
t.c("[bold]  # test_instance.b[reset] will be created\n")
body(t, "create", "b", [("create", "ami", [(False, '"ami-1"')]),
                        ("create", "id ", [(False, "(known after apply)")])]).raw("\n")
plan_line(t, "1 to add, 0 to change, 0 to destroy.")
created = instance("b", ["create"], None, {"ami": "ami-1"}, after_unknown={"id": True})
ephemeral = instance("s", ["create"], None, {"value": "x"}, mode="ephemeral", type_="test_secret",
                     after_sensitive={"value": True})
listed = instance("all", ["read"], None, {"filter": "x"}, mode="list")
EPHEMERAL_WARNING = "ephemeral.test_secret.s: ephemeral resources are not stored in plans; not rendered"
LIST_WARNING = "list.test_instance.all: list resources are not stored in plans; not rendered"
GET_SCHEMA_PANIC = ("panics: jsonformat/plan.go Plan.getSchema, called by precomputeDiffs for every resource "
                    "change, drift and deferred change, has no case for the mode (\"found unrecognized resource "
                    "mode: ...\"); jsonplan.marshalResourceChange never writes these modes (\"unsupported mode\"). "
                    "planview leaves the entry out and warns.")
case("plan_human", "ephemeral_and_list_resource_changes",
     "internal/command/jsonformat/plan.go: Plan.getSchema (managed and data only; panics otherwise); "
     "internal/command/jsonplan/plan.go: marshalResourceChange (errors on any other mode)",
     "Ephemeral and list resources in resource_changes are left out (with a warning) and not counted.",
     plan_input(plan([ephemeral, listed, created])), t, [EPHEMERAL_WARNING, LIST_WARNING], GET_SCHEMA_PANIC)

# 9. The same modes deferred and drifted: left out as well, so no partial-plan note.
case("plan_human", "ephemeral_and_list_deferred_and_drift",
     "internal/command/jsonformat/diff.go: precomputeDiffs (getSchema for drift, changes and deferred "
     "changes alike); plan.go renderHumanDeferredChanges (prints the note only when there is a deferred diff)",
     "Deferred and drifted ephemeral/list resources are left out like resource changes; with none left, no "
     "partial-plan note and no drift section.",
     plan_input(plan([created], resource_drift=[ephemeral],
                     deferred_changes=[{"reason": "deferred_prereq", "resource_change": ephemeral},
                                       {"reason": "deferred_prereq", "resource_change": listed}],
                     complete=False)), t, [EPHEMERAL_WARNING, LIST_WARNING], GET_SCHEMA_PANIC)

# ---- states ----


def state_input(resources):
    return {"state_json": {"format_version": "1.0", "terraform_version": "1.14.0",
                           "values": {"root_module": {"resources": resources}}},
            "schemas_json": SCHEMAS, "width": WIDTH}


def state_resource(extra=None, mode="managed", type_="test_instance", name="a", values=OLD):
    prefix = {"managed": "", "ephemeral": "ephemeral.", "list": "list."}[mode]
    r = {"address": "%s%s.%s" % (prefix, type_, name), "mode": mode, "type": type_, "name": name,
         "provider_name": PROVIDER, "schema_version": 0, "values": values, "sensitive_values": {}}
    r.update(extra or {})
    return r


def state_body(t):
    """state.go renderHumanStateModule with HideDiffActionSymbols and ShowUnchangedChildren."""
    t.raw("# test_instance.a:\n")
    t.raw('resource "test_instance" "a" {\n    ami = "ami-1"\n    id  = "i-0abc"\n}\n')
    return t


t = state_body(Text())
case("state", "identity_in_state",
     "internal/command/jsonformat/state.go: renderHumanStateModule; structured/change.go FromJsonResource "
     "(AttributeValues and SensitiveValues only; jsonstate.Resource's IdentityValues and "
     "IdentitySchemaVersion are never read)",
     "A state resource's identity and identity_schema_version are not shown.",
     state_input([state_resource({"identity_schema_version": 0, "identity": IDENTITY})]), t)

t = state_body(Text()).raw("\n# ephemeral.test_secret.s:\n\n")
case("state", "ephemeral_in_state",
     "internal/command/jsonformat/state.go: renderHumanStateModule (prints \"# address:\" and a newline, "
     "then State.GetSchema panics on a mode other than managed or data); internal/command/jsonstate/state.go "
     "marshalResources never writes another mode",
     "An ephemeral resource in a state: its address line as upstream prints it before panicking, then "
     "planview goes on and warns.",
     state_input([state_resource({"identity_schema_version": 0, "identity": IDENTITY}),
                  state_resource(mode="ephemeral", type_="test_secret", name="s", values={"value": "x"})]), t,
     ["ephemeral.test_secret.s: ephemeral resources cannot be stored in a state; not rendered"],
     "panics: jsonformat/state.go State.GetSchema (\"found unrecognized resource mode: ephemeral\") after "
     "printing the address line; planview renders the rest and warns.")


def main():
    for c in CASES:
        d = os.path.join(HERE, c["suite"])
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, c["test"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(c, f, indent=1, ensure_ascii=False, sort_keys=True)
            f.write("\n")
    print("%d cases" % len(CASES))


if __name__ == "__main__":
    main()
