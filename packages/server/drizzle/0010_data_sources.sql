-- Reserved for issue 4; replaced by the real statements.
SELECT 1;
