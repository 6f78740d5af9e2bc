-- Reserved for the project area (issue 5): purchasing. Filled in by the part that owns it.
SELECT 1;
