-- Rate-limit counters skip the write-ahead log: the open data API writes one on every request
-- (ADR 38), and a counter lost in a crash only gives a client a fresh window. An unlogged table
-- is emptied after a crash and is not copied to replicas, which never read it (ADR 21, 41).
ALTER TABLE "rate_limits" SET UNLOGGED;
