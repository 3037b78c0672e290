// The receipt's QR code is the UI kit's (src/shared/ui/qr-code.tsx), shared with the giving poster.
export { QrCode as ReceiptQr } from '@/shared/ui/qr-code';
