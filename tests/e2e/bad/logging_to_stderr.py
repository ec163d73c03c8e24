# A library's logger: without logging.basicConfig, warnings and worse reach
# stderr as the bare message (Python's last-resort handler), debug and info
# nothing; after basicConfig(level=...), every record at that level or above,
# as LEVEL:name:message.
# run: -n 1
# exit: 0
# expect: careful: 3 tiles
# expect: giving up
# expect: INFO:tiles:now 2
# expect: WARNING:root:root too
import logging

import nki

log = logging.getLogger("tiles")


@nki.jit
def kernel():
    log.debug("hidden")
    log.info("hidden too")
    log.warning("careful: %d tiles", 3)
    log.error("giving up")
    logging.basicConfig(level=logging.INFO)
    log.debug("still hidden")
    log.info("now %s", 2)
    logging.getLogger().warning("root too")
