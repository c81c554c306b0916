import { describe, expect, it } from "vitest";
import { readForm } from "./read-form.server";

describe("readForm", () => {
  it("takes every NUL out of names and text, and keeps files and repeated fields", async () => {
    const sent = new FormData();
    sent.append("name", "Tulpen\0veld\0");
    sent.append("tag\0", "a");
    sent.append("tag", "b");
    sent.append("photo", new File(["\0\0"], "photo.jpg", { type: "image/jpeg" }));
    const form = await readForm(new Request("http://localhost/", { method: "POST", body: sent }));
    expect(form.get("name")).toBe("Tulpenveld");
    expect(form.getAll("tag")).toEqual(["a", "b"]);
    const photo = form.get("photo") as File;
    expect(photo.name).toBe("photo.jpg");
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array([0, 0]));
  });

  it("answers a body that is not a form with a 4xx, not a server error", async () => {
    const status = async (type: string, body: string) => {
      const request = new Request("http://localhost/", {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      return readForm(request).then(
        () => "read",
        (thrown: unknown) => (thrown instanceof Response ? thrown.status : thrown),
      );
    };
    expect(await status("multipart/form-data; boundary=xx", "no parts here")).toBe(400);
    expect(await status("multipart/form-data", "--xx\r\n")).toBe(400);
    expect(await status("application/json", '{"name":')).toBe(415);
    expect(await status("text/plain", "name=Tulpenveld")).toBe(415);
    expect(await status("Application/X-WWW-Form-Urlencoded; charset=utf-8", "name=a")).toBe("read");
  });
});
