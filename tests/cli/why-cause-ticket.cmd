why @TESTS@/incidents/ticket-before.xml @TESTS@/incidents/ticket-after.xml
