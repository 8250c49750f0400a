"""Reports of a verify run: lines for a terminal, and the ``verify --json`` document."""

from .json_report import report_document
from .terminal import claims_line, problem_line, result_lines, summary_lines

__all__ = ["claims_line", "problem_line", "report_document", "result_lines", "summary_lines"]
