import logging

LOG = logging.getLogger(__name__)
