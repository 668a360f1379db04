/*
 * html_page.c - the style and the script of planview's replay page: they
 * read the run's JSON from the page itself, so the file needs no server,
 * no network and nothing beside it.  The page honours #cycle=N (and keeps
 * it up to date), which tests use to open it at a cycle.  Written out by
 * html.c.
 */
#include <stddef.h>

#include "planview/html.h"

const char pv_html_style[] =
"body{font:13px/1.35 sans-serif;margin:8px;color:#222}"
"h1{font-size:16px;margin:0 0 6px}"
".warn{background:#fde2c8;padding:4px}"
"#bar{display:flex;gap:8px;align-items:center;flex-wrap:wrap}"
"#slider{flex:1;min-width:200px}"
"#timeline{width:100%;display:block;margin:4px 0;cursor:pointer}"
"#drives span{display:inline-block;margin-right:10px}"
"#drives i{display:inline-block;width:10px;height:10px;margin-right:3px}"
"#graph{overflow:auto;max-height:70vh;border:1px solid #ccc;margin:6px 0}"
"#graph g.node.lit>polygon,#graph g.node.lit>ellipse,"
"#graph g.node.lit>path{stroke:#000;stroke-width:3px}"
"#graph g.node.fade>polygon,#graph g.node.fade>ellipse,"
"#graph g.node.fade>path{fill-opacity:.45}"
"#graph g.node.dim{opacity:.25}"
"#filters{margin:6px 0}#filters label{margin-right:8px}"
"#events{border-collapse:collapse;font-size:12px}"
"#events td,#events th{border:1px solid #ddd;padding:1px 6px;"
"text-align:left}"
"#events tr.ev-F td,#events tr.ev-Z td{background:#fde2e2}"
"#events tr.ev-S td{background:#eef7ea}";

/* In pieces: C compilers need not take a string longer than 4095. */
const char *const pv_html_script[] = {
"(function(){\n",
"'use strict';\n",
"var run=JSON.parse(document.getElementById('run').textContent);\n",
"var ev=run.events,cyc=[],at=[],att=[];\n",
"for(var i=0;i<ev.length;i++){var c=ev[i][0];\n",
" if(!cyc.length||cyc[cyc.length-1]!==c){cyc.push(c);at.push(i);"
"att.push(null);}\n",
" if(ev[i][2]==='E'&&ev[i][3]&&ev[i][3].charAt(0)==='D'&&"
"att[att.length-1]===null)att[att.length-1]=ev[i][3];}\n",
"at.push(ev.length);\n",
"var palette=['#e06666','#6fa8dc','#93c47d','#f6b26b','#8e7cc3',"
"'#76a5af','#c27ba0','#ffd966','#a4c2f4','#b6d7a8'];\n",
"var dcol={};run.drives.forEach(function(d,k){dcol[d]=palette[k%palette.length];});\n",
"var $=function(id){return document.getElementById(id);};\n",
"var slider=$('slider'),cur=-1,timer=null;\n",
"slider.max=Math.max(cyc.length-1,0);\n",
"var legend=$('drives');\n",
"run.drives.forEach(function(d){var s=document.createElement('span');"
"s.innerHTML='<i style=\"background:'+dcol[d]+'\"></i>';"
"s.appendChild(document.createTextNode(run.elements[d]));"
"var p=document.createElement('b');p.id='prio-'+d;p.className='prio';"
"s.appendChild(p);legend.appendChild(s);});\n",
"var qs=[];for(var i=0;i<ev.length;i++)if(ev[i][2]==='Q')qs.push(i);\n",
"function prios(k){var p={};for(var d in run.priority)p[d]=run.priority[d];"
"for(var j=0;j<qs.length&&qs[j]<at[k+1];j++)p[ev[qs[j]][3]]=ev[qs[j]][5];"
"run.drives.forEach(function(d){var n=$('prio-'+d);if(n)n.textContent=' p'+p[d];});}\n",
"function node(k){return document.getElementById(k);}\n",
"var lit=[];\n",
"function clear(){lit.forEach(function(n){n.classList.remove('lit','fade',"
"'o-E','o-S','o-P','o-F','o-Z');n.removeAttribute('data-outcome');});lit=[];}\n",
"function mark(k,letter,cls){var n=node(k);if(!n)return;"
"if(n.classList.contains('lit')&&cls==='fade')return;"
"n.classList.remove('fade','o-E','o-S','o-P','o-F','o-Z');"
"n.classList.add(cls,'o-'+letter);n.setAttribute('data-outcome',letter);lit.push(n);}\n",
"function drawTimeline(){var cv=$('timeline'),w=cv.clientWidth||800;"
"cv.width=w;var g=cv.getContext('2d'),n=cyc.length||1;g.clearRect(0,0,w,28);"
"for(var k=0;k<cyc.length;k++){g.fillStyle=att[k]?dcol[att[k]]:'#eee';"
"g.fillRect(Math.floor(k*w/n),0,Math.max(1,Math.ceil(w/n)),20);}"
"if(cur>=0){g.fillStyle='#000';g.fillRect(Math.floor(cur*w/n),20,"
"Math.max(2,Math.ceil(w/n)),8);}}\n",
"function shown(e){var f=$('f-elem').value.toLowerCase();"
"if(!$('f-'+(e[2]==='I'||e[2]==='B'?'E':e[2])).checked)return false;"
"return !f||(e[3]&&run.elements[e[3]].toLowerCase().indexOf(f)>=0);}\n",
"function cell(tr,v){var td=document.createElement('td');"
"td.textContent=v===null||v===undefined?'':String(v);tr.appendChild(td);}\n",
"function table(k){var tb=$('events').tBodies[0];tb.textContent='';"
"for(var i=at[k];i<at[k+1];i++){var e=ev[i];if(!shown(e))continue;"
"var tr=document.createElement('tr');tr.className='ev-'+e[2];"
"tr.setAttribute('data-element',e[3]||'');"
"cell(tr,e[0]);cell(tr,e[1]);cell(tr,e[2]);"
"cell(tr,e[3]?e[3].replace(/[0-9]+$/,''):'');"
"cell(tr,e[3]?run.elements[e[3]]:'');cell(tr,e[4]);cell(tr,e[5]);"
"cell(tr,e[6]===null?'':(e[6]?'yes':'no'));"
"cell(tr,e[7]===null?'':(e[7]?'on':'off'));cell(tr,e[8]);tb.appendChild(tr);}}\n",
"function dim(){var f=$('f-elem').value.toLowerCase();"
"Object.keys(run.elements).forEach(function(k){var n=node(k);if(!n)return;"
"n.classList.toggle('dim',!!f&&run.elements[k].toLowerCase().indexOf(f)<0);});}\n",
"function show(k){if(!cyc.length)return;k=Math.max(0,Math.min(k,cyc.length-1));"
"cur=k;slider.value=k;clear();\n",
" var t=ev[at[k]][1];\n",
" for(var j=k-1;j>=0&&k-j<=64&&t-ev[at[j]][1]<3000;j--)"
"for(var i=at[j];i<at[j+1];i++)if('ESPFZ'.indexOf(ev[i][2])>=0)mark(ev[i][3],ev[i][2],'fade');\n",
" lit.forEach(function(n){n.classList.remove('lit');});\n",
" for(var i=at[k];i<at[k+1];i++)if('ESPFZ'.indexOf(ev[i][2])>=0)mark(ev[i][3],ev[i][2],'lit');\n",
" lit.forEach(function(n){if(n.classList.contains('lit'))n.classList.remove('fade');});\n",
" $('where').textContent='cycle '+cyc[k]+' ('+(k+1)+' of '+cyc.length+'), '"
"+t+' ms, attention: '+(att[k]?run.elements[att[k]]:'none');\n",
" table(k);prios(k);drawTimeline();document.body.setAttribute('data-cycle',cyc[k]);\n",
" try{history.replaceState(null,'','#cycle='+cyc[k]);}catch(x){}}\n",
"function fromHash(){var m=/cycle=([0-9]+)/.exec(location.hash);"
"if(!m)return 0;var c=+m[1];for(var k=0;k<cyc.length;k++)if(cyc[k]>=c)return k;"
"return cyc.length-1;}\n",
"slider.addEventListener('input',function(){show(+slider.value);});\n",
"$('timeline').addEventListener('click',function(e){var r=this.getBoundingClientRect();"
"show(Math.floor((e.clientX-r.left)*cyc.length/r.width));});\n",
"function stop(){clearInterval(timer);timer=null;$('play').textContent='play';}\n",
"$('play').addEventListener('click',function(){if(timer){stop();return;}"
"if(cur>=cyc.length-1)show(0);$('play').textContent='pause';"
"timer=setInterval(function(){if(cur>=cyc.length-1){stop();return;}show(cur+1);},"
"1000/+$('speed').value);});\n",
"$('speed').addEventListener('change',function(){if(timer){stop();$('play').click();}});\n",
"['f-elem','f-E','f-S','f-P','f-F','f-Z','f-R','f-Q'].forEach(function(id){"
"$(id).addEventListener('input',function(){dim();table(cur);});"
"$(id).addEventListener('change',function(){dim();table(cur);});});\n",
"window.addEventListener('hashchange',function(){var k=fromHash();if(k!==cur)show(k);});\n",
"window.addEventListener('resize',drawTimeline);\n",
"show(fromHash());\n",
"})();\n",
	NULL
};
