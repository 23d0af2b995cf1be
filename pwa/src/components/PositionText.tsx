// The position of "Is that legal?" as text, folded under the editor: to read it, copy it, or
// paste one in. Every editor, the board editor and the games' own, ends with it.

interface Props {
  /** What the text is, in words: "FEN, then the game's own fields". */
  words: string;
  value: string;
  onInput: (text: string) => void;
}

export function PositionText({ words, value, onInput }: Props) {
  return (
    <details>
      <summary>Position as text</summary>
      <label>
        Position ({words})
        <textarea
          name="fen"
          rows={value.length > 120 ? 6 : 2}
          value={value}
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          onInput={(e) => onInput((e.target as HTMLTextAreaElement).value)}
        />
      </label>
    </details>
  );
}
