@TESTS@/session/hostile-ids.xml --exec "scores 'web fs'; where 'web group'"
