/**
 * The giving statement's fonts (Noto, SIL Open Font License 1.1), first choice first, as paths inside
 * node_modules: Noto Sans for Latin with Vietnamese, Greek and Cyrillic; Noto Sans SC for Chinese
 * (simplified and traditional) and Japanese kana; Noto Sans KR for Hangul; Noto Naskh Arabic. The CJK
 * fonts have no bold here (each weight is 5–9 MB): bold text in those scripts prints in their regular
 * weight. next.config.ts ships these files with the routes that make statements.
 */
export const STATEMENT_FONT_FILES: readonly { regular: string; bold?: string }[] = [
  { regular: "@embedpdf/fonts-latin/fonts/NotoSans-Regular.ttf", bold: "@embedpdf/fonts-latin/fonts/NotoSans-Bold.ttf" },
  { regular: "@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf" },
  { regular: "@embedpdf/fonts-kr/fonts/NotoSansKR-Regular.otf" },
  { regular: "@embedpdf/fonts-arabic/fonts/NotoNaskhArabic-Regular.ttf", bold: "@embedpdf/fonts-arabic/fonts/NotoNaskhArabic-Bold.ttf" },
];
