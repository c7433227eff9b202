import { describe, expect, it } from "vitest";
import {
  API_BODY_LIMIT_BYTES,
  base64Length,
  bodyTooLargeError,
  bytesToBase64,
  dispositionFor,
  fileToBase64File,
  jsonBodyBytes,
  MAX_RECEIPT_TOTAL_BYTES,
  previewKind,
  receiptFilesError,
} from "./receipts";
import { isBase64 } from "@/lib/contract";

describe("receipt uploads", () => {
  it("keeps the receipts of one expense under the API's 1 MiB body once base64-encoded", () => {
    expect(base64Length(MAX_RECEIPT_TOTAL_BYTES) + 16 * 1024).toBeLessThanOrEqual(API_BODY_LIMIT_BYTES);
    expect(receiptFilesError([{ name: "scan.pdf", size: MAX_RECEIPT_TOTAL_BYTES }])).toBeNull();
  });

  it("refuses a file that can't fit, saying why and how large it may be", () => {
    const message = receiptFilesError([{ name: "photo.jpg", size: 1_400_000 }]);
    expect(message).toMatch(/“photo\.jpg” is 1\.4 MB: too large to send/);
    expect(message).toMatch(/1 MiB/);
    expect(message).toMatch(/base64/);
    expect(
      receiptFilesError([
        { name: "a.pdf", size: 500_000 },
        { name: "b.png", size: 400_000 },
      ]),
    ).toMatch(/These receipts total 900 KB/);
  });

  it("refuses kinds the API refuses, empty files and more than ten", () => {
    expect(receiptFilesError([{ name: "notes.txt", size: 10 }])).toMatch(/not a kind of receipt/);
    expect(receiptFilesError([{ name: "scan.PDF", size: 0 }])).toMatch(/empty/);
    expect(receiptFilesError(Array.from({ length: 11 }, (_, i) => ({ name: `r${i}.png`, size: 1 })))).toMatch(/at most 10 receipts/);
    expect(
      receiptFilesError([
        { name: "Scan.HEIC", size: 10 },
        { name: "sheet.xlsx", size: 10 },
        { name: "t.csv", size: 1 },
      ]),
    ).toBeNull();
  });

  it("measures the whole body as sent", () => {
    expect(jsonBodyBytes({ t: "é" })).toBe(JSON.stringify({ t: "é" }).length + 1);
    expect(bodyTooLargeError(API_BODY_LIMIT_BYTES)).toBeNull();
    expect(bodyTooLargeError(API_BODY_LIMIT_BYTES + 1)).toMatch(/at most 1 MiB/);
  });

  it("encodes files as the contract's base64", async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    const encoded = bytesToBase64(bytes);
    expect(isBase64(encoded)).toBe(true);
    expect(Buffer.from(encoded, "base64")).toEqual(Buffer.from(bytes));
    const file = Object.assign(new Blob([bytes]), { name: "scan.pdf" });
    expect(await fileToBase64File(file)).toEqual({ name: "scan.pdf", content: encoded });
  });
});

describe("receipt previews", () => {
  it("shows images inline, PDFs in a frame, and downloads the rest", () => {
    expect(previewKind({ name: "x", sub_type: "png" })).toBe("image");
    expect(previewKind({ name: "x", sub_type: "jpeg" })).toBe("image");
    expect(previewKind({ name: "x", sub_type: "webp" })).toBe("image");
    expect(previewKind({ name: "x", sub_type: "pdf" })).toBe("pdf");
    expect(previewKind({ name: "x", sub_type: "heic" })).toBe("download");
    expect(previewKind({ name: "sheet.xlsx", sub_type: null })).toBe("download");
    expect(previewKind({ name: "photo.JPG" })).toBe("image");
  });

  it("turns the API's attachment into inline for previews, keeping the file name", () => {
    const upstream = `attachment; filename="receipt.pdf"; filename*=UTF-8''re%C3%A7u.pdf`;
    expect(dispositionFor(upstream, true)).toBe(`inline; filename="receipt.pdf"; filename*=UTF-8''re%C3%A7u.pdf`);
    expect(dispositionFor(upstream, false)).toBe(upstream);
    expect(dispositionFor(null, true)).toBe("inline");
  });
});
