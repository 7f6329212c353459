// The board's default look, put once into the page before its own styles, so that a page
// overrides any of it. Every colour is a CSS variable (docs/board.md lists them); sizes are in
// parts of a square (--bd-sq), so the board scales with its container.

export const BOARD_CSS = `
.bd-board{--bd-light:#f0dfbd;--bd-dark:#8b5a3c;--bd-plain:#d8b27c;--bd-lines:#4a2e1b;--bd-white:#fbf8f0;--bd-white-edge:#b9b0a0;--bd-black:#2b2624;--bd-black-edge:#0c0a09;--bd-king:#d4a017;--bd-selected:#e8c547cc;--bd-dest:#2e8b3acc;--bd-last:#f3e06a73;--bd-path:#5b9bd5a6;--bd-must:#d9453a;--bd-focus:#1f6fd1;--bd-label:#fff;--bd-label-light:#6b4a33;--bd-green:#15781b;--bd-red:#b8281e;--bd-blue:#1d5fb8;--bd-yellow:#d4a017;
position:relative;display:block;width:100%;aspect-ratio:1;container-type:inline-size;user-select:none;-webkit-user-select:none;touch-action:none;outline:none;background:var(--bd-dark)}
.bd-grid{position:absolute;inset:0;display:grid;grid-template:repeat(var(--bd-n),1fr)/repeat(var(--bd-n),1fr)}
.bd-board{--bd-sq:calc(100cqw / var(--bd-n))}
.bd-board .cell{position:relative;background:var(--bd-light)}
.bd-board .cell[data-square]{background:var(--bd-dark);cursor:pointer}
.bd-board.all-squares{background:var(--bd-lines)}
.bd-board.all-squares .bd-grid{gap:max(1px,calc(var(--bd-sq) * .03));padding:max(1px,calc(var(--bd-sq) * .03))}
.bd-board.all-squares .cell[data-square]{background:var(--bd-plain)}
.bd-board .cell::before{content:"";position:absolute;inset:0;pointer-events:none}
.bd-board .last::before{background:var(--bd-last)}
.bd-board .path::before{background:var(--bd-path)}
.bd-board .selected::before{background:var(--bd-selected)}
.bd-board .dest::after{content:"";position:absolute;inset:37%;border-radius:50%;background:var(--bd-dest);pointer-events:none;z-index:2}
.bd-board .dest[data-piece]:not([data-piece=""])::after{inset:4%;background:none;border:calc(var(--bd-sq) * .07) solid var(--bd-dest)}
.bd-board:focus-visible .focus{box-shadow:inset 0 0 0 calc(var(--bd-sq) * .07) var(--bd-focus);z-index:3}
.bd-board .piece{position:absolute;inset:10%;border-radius:50%;pointer-events:none;box-sizing:border-box;z-index:1}
.bd-board[data-size="12"].numbers .piece{inset:17%}
.bd-board .piece.white{background:radial-gradient(circle at 38% 32%,#fff,var(--bd-white) 45%,var(--bd-white-edge));box-shadow:0 calc(var(--bd-sq) * .03) calc(var(--bd-sq) * .05) #0008,inset 0 calc(var(--bd-sq) * -.04) 0 var(--bd-white-edge)}
.bd-board .piece.black{background:radial-gradient(circle at 38% 32%,#6a625d,var(--bd-black) 50%,var(--bd-black-edge));box-shadow:0 calc(var(--bd-sq) * .03) calc(var(--bd-sq) * .05) #0008,inset 0 calc(var(--bd-sq) * -.04) 0 var(--bd-black-edge)}
.bd-board .piece.king::after{content:"";position:absolute;inset:24%;border-radius:50%;border:calc(var(--bd-sq) * .06) solid var(--bd-king);box-shadow:0 0 0 calc(var(--bd-sq) * .025) #0005}
.bd-board .must .piece{outline:calc(var(--bd-sq) * .05) solid var(--bd-must);outline-offset:calc(var(--bd-sq) * .015)}
.bd-board .taken .piece,.bd-board .piece.taken{opacity:.38;filter:grayscale(1)}
.bd-board .label{position:absolute;z-index:4;left:5%;top:4%;font:600 calc(var(--bd-sq) * .2)/1 system-ui,sans-serif;color:var(--bd-label);text-shadow:0 0 2px #000,0 0 1px #000;pointer-events:none}
.bd-board .cell:not([data-square]) .label{color:var(--bd-label-light);text-shadow:none}
.bd-board[data-size="12"] .label{font-size:calc(var(--bd-sq) * .17);left:3%;top:3%}
.bd-board .label.file{left:auto;top:auto;right:6%;bottom:5%}
.bd-board svg{position:absolute;inset:0;width:100%;height:100%;pointer-events:none;z-index:5;overflow:visible}
.bd-board svg *{fill:none;stroke-linecap:round;stroke-linejoin:round}
.bd-board svg .arrow{stroke:currentColor;stroke-width:.16;opacity:.8}
.bd-board svg .head{fill:currentColor;opacity:.8}
.bd-board svg .trail{stroke:var(--bd-path);stroke-width:.1;stroke-dasharray:.15 .15}
.bd-board svg .green{color:var(--bd-green)}.bd-board svg .red{color:var(--bd-red)}.bd-board svg .blue{color:var(--bd-blue)}.bd-board svg .yellow{color:var(--bd-yellow)}
.bd-board .ghost{position:absolute;width:calc(100% / var(--bd-n));height:calc(100% / var(--bd-n));pointer-events:none;z-index:6}
`;
