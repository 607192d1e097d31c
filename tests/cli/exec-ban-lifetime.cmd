@TESTS@/cases/location-score.xml --time '2024-03-15 12:00:00' --exec 'ban rsc1 node1 PT1H; scores rsc1; time "2024-03-15 13:00:01"; scores rsc1; undo; undo; scores rsc1'
