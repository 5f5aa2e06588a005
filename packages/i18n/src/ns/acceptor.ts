// The "acceptor" namespace in all 7 locales (files: locales/<lang>/acceptor.json).
import zh from '../../locales/zh/acceptor.json' with { type: 'json' };
import en from '../../locales/en/acceptor.json' with { type: 'json' };
import hk from '../../locales/hk/acceptor.json' with { type: 'json' };
import jp from '../../locales/jp/acceptor.json' with { type: 'json' };
import kor from '../../locales/kor/acceptor.json' with { type: 'json' };
import th from '../../locales/th/acceptor.json' with { type: 'json' };
import ind from '../../locales/ind/acceptor.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
