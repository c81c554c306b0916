// Loaded into an app process with `--import`: SIGUSR2 makes it fail as a bug outside any request
// would, with an exception or, when FAIL_WITH=rejection, a promise nobody handles.
process.on("SIGUSR2", () => {
  if (process.env.FAIL_WITH === "rejection")
    void Promise.reject(new Error("a rejection for the test"));
  else throw new Error("an exception for the test");
});
