import Link from '@mui/material/Link';

// http(s) addresses up to the next space or angle bracket; a trailing full stop or comma ends the sentence.
const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)])/g;

/** Plain text with its web addresses as links that open in a new tab. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        // split() with one capture group puts the matches at the odd positions.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <Link key={index} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}
