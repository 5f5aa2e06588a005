// The "p2p" namespace in all 7 locales (files: locales/<lang>/p2p.json).
import zh from '../../locales/zh/p2p.json' with { type: 'json' };
import en from '../../locales/en/p2p.json' with { type: 'json' };
import hk from '../../locales/hk/p2p.json' with { type: 'json' };
import jp from '../../locales/jp/p2p.json' with { type: 'json' };
import kor from '../../locales/kor/p2p.json' with { type: 'json' };
import th from '../../locales/th/p2p.json' with { type: 'json' };
import ind from '../../locales/ind/p2p.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
