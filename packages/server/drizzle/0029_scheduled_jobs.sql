-- When each scheduled job (warnings, log retention) last ran, on whichever app node: the node whose timer
-- comes first claims the run (platform/jobs.ts), so several nodes on one database run a job once a period.
CREATE TABLE "scheduled_jobs" (
  "name" varchar(40) PRIMARY KEY,
  "last_run_at" timestamptz NOT NULL
);
