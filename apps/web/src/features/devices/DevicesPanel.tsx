export function DevicesPanel() {
  return null;
}
