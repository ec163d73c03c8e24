import subprocess

RUN = subprocess.run
