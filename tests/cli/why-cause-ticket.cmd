why @TESTS@/incidents/before.xml @TESTS@/incidents/ticket-after.xml
