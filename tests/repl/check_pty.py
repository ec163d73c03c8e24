"""Drives `nkirun repl` on a pseudo-terminal, as a person would: a def typed
over several lines, tab completion of a name and of an attribute, a kernel
run on 2 ranks, an error and the session going on, Ctrl-C while typing,
:quit; then checks the history file and that a second session recalls it.

usage: check_pty.py NKIRUN SOURCE_DIR
"""

import os
import pty
import select
import sys
import tempfile

TIMEOUT_SECONDS = 30  # per expected output; a hang is a failure


class Terminal:
    def __init__(self, argv, cwd, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(cwd)
            os.execve(argv[0], argv, env)
        self.seen = ""

    def expect(self, text):
        """Reads until `text` appears after what was matched before."""
        while text not in self.seen:
            ready, _, _ = select.select([self.fd], [], [], TIMEOUT_SECONDS)
            if not ready:
                raise AssertionError(f"timed out waiting for {text!r}; got:\n{self.seen}")
            try:
                chunk = os.read(self.fd, 4096).decode("utf-8", "replace")
            except OSError:
                chunk = ""
            if not chunk:
                raise AssertionError(f"the session ended before {text!r}; got:\n{self.seen}")
            self.seen += chunk
        self.seen = self.seen[self.seen.index(text) + len(text):]

    def send(self, keys):
        os.write(self.fd, keys.encode())

    def wait(self):
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def main():
    nkirun = os.path.abspath(sys.argv[1])
    examples = os.path.join(os.path.abspath(sys.argv[2]), "examples")
    with tempfile.TemporaryDirectory() as home:
        state = os.path.join(home, "state")
        env = {"HOME": home, "XDG_STATE_HOME": state, "TERM": "dumb", "NO_COLOR": "1",
               "INPUTRC": "/dev/null", "PATH": os.environ.get("PATH", "/usr/bin")}
        argv = [nkirun, "repl", "-n", "2"]
        t = Terminal(argv, examples, env)
        t.expect(">>> ")
        t.send("import nki.language as nl\r")
        t.expect(">>> ")
        t.send("def twice(v):\r")
        t.expect("... ")
        t.send("    return 2 * v\r")
        t.expect("... ")
        t.send("\r")
        t.expect(">>> ")
        t.send("twi\t(21)\r")  # completes the name `twice`
        t.expect("42")
        t.expect(">>> ")
        # completes the attribute `nl.ndarray`: only then is the shape printed
        t.send("t = nl.ndarr\t((2, 3), dtype=nl.float32, buffer=nl.shared_hbm)\r")
        t.expect(">>> ")
        t.send("t.shape\r")
        t.expect("(2, 3)")
        t.expect(">>> ")
        t.send(":lo\tall_reduce.py\r")  # completes the command `:load`
        t.expect(">>> ")
        t.send(":run all_reduce input=@data/x_2x3.npy replica_group=[[0, 1]]\r")
        t.expect("[rank 1] out =")
        t.expect("[ 8. 10. 12.]]")
        t.expect(">>> ")
        t.send("no_such_name\r")
        t.expect("error: name 'no_such_name' is not defined (ranks 0, 1)")
        t.expect(">>> ")
        t.send("out[1:2, 2:3]\r")  # the session and the kernel's output survive
        t.expect("[[12.]]")
        t.expect(">>> ")
        t.send("unfinished = (1,\x03")  # Ctrl-C drops what was typed
        t.expect("KeyboardInterrupt")
        t.expect(">>> ")
        t.send("twice(5)\r")
        t.expect("10")
        t.expect(">>> ")
        t.send("n = 0\r")
        t.expect(">>> ")
        t.send("while True:\r    if n == 0:\r        print('looping')\r    n += 1\r\r")
        t.expect("[rank 0] looping")  # the loop runs: Ctrl-C stops it, not the session
        t.send("\x03")
        t.expect("error: interrupted (rank")
        t.expect(">>> ")
        t.send("twice(4)\r")
        t.expect("8")
        t.expect(">>> ")
        t.send(":quit\r")
        code = t.wait()
        if code != 0:
            raise AssertionError(f"exit code {code} after :quit")

        history_file = os.path.join(state, "nkirun", "history")
        with open(history_file, encoding="utf-8") as f:
            history = f.read().splitlines()
        want = ["import nki.language as nl", "def twice(v):", "    return 2 * v",
                "twice(21)", "t = nl.ndarray((2, 3), dtype=nl.float32, buffer=nl.shared_hbm)",
                "t.shape", ":load all_reduce.py",
                ":run all_reduce input=@data/x_2x3.npy replica_group=[[0, 1]]",
                "no_such_name", "out[1:2, 2:3]", "twice(5)", "n = 0", "while True:", "    if n == 0:",
                "        print('looping')", "    n += 1",
                "twice(4)", ":quit"]
        if history != want:
            raise AssertionError(f"history file holds {history}, expected {want}")

        # A new session recalls the history: Ctrl-P twice is `twice(5)`.
        t = Terminal(argv, examples, env)
        t.expect(">>> ")
        t.send(":load all_reduce.py\r")
        t.expect(">>> ")
        t.send("def twice(v):\r    return v + v\r\r")
        t.expect(">>> ")
        t.send("\x10" * 11 + "\r")  # eleven back: twice(5), typed in the first session
        t.expect("10")
        t.expect(">>> ")
        t.send("\x04")  # Ctrl-D leaves
        code = t.wait()
        if code != 0:
            raise AssertionError(f"exit code {code} after Ctrl-D")
    print("ok")


if __name__ == "__main__":
    main()
