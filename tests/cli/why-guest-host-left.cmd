why @TESTS@/transition/guest-host-up.xml @TESTS@/transition/guest-host-fenced.xml --time '2026-01-01 00:00:00'
