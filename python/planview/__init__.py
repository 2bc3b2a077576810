"""planview: render Terraform/OpenTofu plans, states and logs exactly as `tofu show` /
`terraform show` do, through libplanview's C API.

    import planview
    result = planview.render(open("plan.json", "rb").read(), format="markdown")
    print(result.output)
"""

from ._errors import (DocumentTypeError, Error, InputError, InputFileError, OptionTypeError,
                      UsageError)
from ._library import LibraryNotFound
from ._options import to_args
from ._render import Change, Result, render, render_changes, version

__all__ = ["Change", "DocumentTypeError", "Error", "InputError", "InputFileError", "LibraryNotFound",
           "OptionTypeError", "Result", "UsageError", "render", "render_changes", "to_args", "version"]
