@DATA@/demo-small.xml --time '2024-06-01 12:00:00' --exec 'failcount; failcount set app-worker bravo monitor:10s 3; where app-worker; failcount clear app-worker bravo; where app-worker'
