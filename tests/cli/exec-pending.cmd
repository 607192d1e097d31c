@DATA@/demo-small.xml --time '2024-06-01 12:00:00' --exec 'ban web alpha; standby bravo on; failcount clear app-worker; pending'
