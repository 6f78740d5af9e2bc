-- Reserved for the project area (issue 5): schedule. Filled in by the part that owns it.
SELECT 1;
