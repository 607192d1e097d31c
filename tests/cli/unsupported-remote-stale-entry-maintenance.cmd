transition @TESTS@/unsupported/remote-stale-entry-maintenance.xml
