explain @TESTS@/incidents/ticket-after.xml tkr
