export function ImportDialog(_props: { open: boolean; onClose: () => void; listId: string }) {
  return null;
}
