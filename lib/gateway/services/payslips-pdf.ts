import "server-only";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { PayslipItem } from "../db/schema";

// The payslip as a one-page A4 PDF (pdf-lib, standard Helvetica): who, for whom, which month, the
// items, gross and net. Metadata dates are the payslip's, so the same payslip gives the same bytes.

export interface PayslipDocument {
  payslipId: string;
  company: { name: string };
  employee: { fullName: string; shortId: string; jobTitle: string | null; countryName: string | null };
  periodStart: string;
  periodEnd: string;
  issuedAt: string;
  expectedPayoutDate: string;
  currency: string;
  items: PayslipItem[];
  grossAmount: number;
  netAmount: number;
  convertedCurrency: string;
  netConvertedAmount: number;
  releasedAt: Date;
}

/** WinAnsi's characters beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
/** Letters with a stroke or bar, which Unicode does not decompose into a base letter. */
const FOLD: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŧ: "T", ŧ: "t", Ɨ: "I", ɨ: "i" };

/** Text the standard fonts can encode (WinAnsi): other letters folded to their base letter, anything else "?". */
export function pdfSafeText(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === "\t" || ch === "\n") out += " ";
    else {
      const folded = FOLD[ch] ?? ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += /^[\x20-\x7e]+$/.test(folded) ? folded : "?";
    }
  }
  return out;
}

const number = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** `EUR 1,234.56` from minor units. */
export const formatMoney = (minor: number, currency: string) => `${currency} ${number.format(minor / 100)}`;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const longDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
};
const monthTitle = (iso: string) => {
  const [y, m] = iso.split("-").map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
};

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.82, 0.84, 0.87);
const BAND = rgb(0.95, 0.96, 0.97);

export async function renderPayslipPdf(doc: PayslipDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const title = `Payslip ${monthTitle(doc.periodStart)} - ${doc.employee.fullName}`;
  pdf.setTitle(pdfSafeText(title));
  pdf.setAuthor(pdfSafeText(doc.company.name));
  pdf.setSubject(`Payslip ${doc.payslipId}`);
  pdf.setCreator("Roster");
  pdf.setProducer("Roster (pdf-lib)");
  pdf.setCreationDate(doc.releasedAt);
  pdf.setModificationDate(doc.releasedAt);

  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const right = page.getWidth() - 56;
  const text = (
    p: PDFPage,
    s: string,
    x: number,
    y: number,
    o: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; align?: "left" | "right" } = {},
  ) => {
    const font = o.font ?? regular;
    const size = o.size ?? 10;
    const safe = pdfSafeText(s);
    const at = o.align === "right" ? x - font.widthOfTextAtSize(safe, size) : x;
    p.drawText(safe, { x: at, y, size, font, color: o.color ?? INK });
  };
  const rule = (y: number) => page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.7, color: RULE });

  let y = 780;
  text(page, "PAYSLIP", left, y, { font: bold, size: 22 });
  text(page, doc.company.name, right, y + 4, { font: bold, size: 12, align: "right" });
  text(page, `Pay period: ${monthTitle(doc.periodStart)}`, right, y - 12, { size: 10, color: MUTED, align: "right" });
  y -= 36;
  rule(y);

  // Who and when, two columns.
  const facts: [string, string][] = [
    ["Employee", doc.employee.fullName],
    ["Job title", doc.employee.jobTitle ?? "-"],
    ["Employee ID", doc.employee.shortId],
    ["Country", doc.employee.countryName ?? "-"],
  ];
  const dates: [string, string][] = [
    ["Period", `${longDate(doc.periodStart)} - ${longDate(doc.periodEnd)}`],
    ["Issued on", longDate(doc.issuedAt)],
    ["Expected payout", longDate(doc.expectedPayoutDate)],
    ["Currency", doc.currency],
  ];
  y -= 22;
  for (let i = 0; i < facts.length; i++) {
    const [l1, v1] = facts[i]!;
    const [l2, v2] = dates[i]!;
    text(page, l1, left, y, { size: 8, color: MUTED });
    text(page, v1, left, y - 12, { font: bold, size: 10 });
    text(page, l2, left + 250, y, { size: 8, color: MUTED });
    text(page, v2, left + 250, y - 12, { font: bold, size: 10 });
    y -= 32;
  }
  y -= 6;

  // Items table.
  const colEarn = right - 110;
  const colDed = right;
  page.drawRectangle({ x: left, y: y - 6, width: right - left, height: 20, color: BAND });
  text(page, "Description", left + 6, y, { font: bold, size: 9 });
  text(page, "Earnings", colEarn, y, { font: bold, size: 9, align: "right" });
  text(page, "Deductions", colDed - 6, y, { font: bold, size: 9, align: "right" });
  y -= 24;
  for (const item of doc.items) {
    text(page, item.label, left + 6, y, { size: 10 });
    if (item.kind === "earning") text(page, formatMoney(item.amount, doc.currency), colEarn, y, { size: 10, align: "right" });
    else text(page, formatMoney(item.amount, doc.currency), colDed - 6, y, { size: 10, align: "right" });
    y -= 8;
    rule(y);
    y -= 14;
  }

  // Totals.
  const deductions = doc.items.filter((i) => i.kind === "deduction").reduce((s, i) => s + i.amount, 0);
  y -= 6;
  const total = (label: string, value: string, strong = false) => {
    text(page, label, colEarn - 150, y, { font: strong ? bold : regular, size: strong ? 12 : 10 });
    text(page, value, colDed - 6, y, { font: strong ? bold : regular, size: strong ? 12 : 10, align: "right" });
    y -= strong ? 22 : 16;
  };
  total("Gross pay", formatMoney(doc.grossAmount, doc.currency));
  total("Total deductions", formatMoney(deductions, doc.currency));
  total("Net pay", formatMoney(doc.netAmount, doc.currency), true);
  if (doc.convertedCurrency !== doc.currency)
    total(`Net pay in ${doc.convertedCurrency}`, formatMoney(doc.netConvertedAmount, doc.convertedCurrency));

  rule(70);
  text(page, `Payslip ${doc.payslipId}`, left, 56, { size: 8, color: MUTED });
  text(page, "Generated by Roster's embedded Employment API. Demonstration document, not a legal payslip.", left, 44, {
    size: 8,
    color: MUTED,
  });
  return pdf.save();
}
