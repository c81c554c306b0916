import "./resolve-ts.ts";
const { openPostgres } = await import("../app/adapters/db.server.ts");
const { searchMeadows } = await import("../app/services/meadows/search.server.ts");
const handle = await openPostgres("postgres://postgres@127.0.0.1:5432/stembench");
for (const text of ["tulpenvelden", "boomgaarden", "frambozen", "lindenhofs", "hoeves", "tulpenveld", "hoeve"]) {
  const times: number[] = [];
  for (let run = 0; run < 30; run++) {
    const t0 = performance.now();
    await searchMeadows(handle.db, { text, sort: "name" });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(text, times[15]!.toFixed(1), times[28]!.toFixed(1));
}
await handle.close();
