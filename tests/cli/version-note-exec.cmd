@TESTS@/version/pacemaker-3.0.2.xml --time '2024-06-01 12:00:00' --exec 'where web'
